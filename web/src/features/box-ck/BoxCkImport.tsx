import { api, MAX_UPLOAD_BYTES, type BoxCkImportRow } from '@dms/contract';
import { call } from '@/api/call';
import { SheetImport } from '@/components/forms/SheetImport';
import { useI18n } from '@/i18n';
import { CK_READS } from './reads';

/**
 * The box-CK import: a sheet (.xlsx or .csv) of box numbers and CK codes is read by the server, nothing written; the
 * dialog shows the boxes whose CK would change and every problem by row and column. "Apply" writes them all at once,
 * only when there is no problem; a bad file changes nothing.
 */
export function BoxCkImport({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <SheetImport<BoxCkImportRow>
      open={open}
      onClose={onClose}
      testId="box-ck-import"
      send={(body) => call(api.ck.importBoxes, { body }, { errorDisplay: 'none' })}
      invalidates={CK_READS}
      texts={{
        title: t('boxCk.importTitle'),
        help: t('boxCk.importHelp', { size: MAX_UPLOAD_BYTES / 1024, box: t('boxCk.box'), ck: t('boxCk.ck') }),
        problems: (count) => t('boxCk.importProblems', { count }),
        changes: (count, unchanged) => t('boxCk.importChanges', { count, unchanged }),
        done: (count) => t('boxCk.imported', { count }),
      }}
      columns={[
        { key: 'boxId', title: t('boxCk.box'), dataIndex: 'boxId', width: 140 },
        { key: 'from', title: t('boxCk.from'), dataIndex: 'from', width: 100, render: (v: string | null) => v ?? '—' },
        { key: 'to', title: t('boxCk.to'), dataIndex: 'to', width: 100 },
      ]}
    />
  );
}
