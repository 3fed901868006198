import { App, Button, Form, Input, InputNumber, Space, Typography, type TableColumnsType } from 'antd';
import { api, type BoxCkRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { SearchInput } from '@/components/list-page/SearchInput';
import { tableWidth } from '@/components/list-page/table-width';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useListState } from '@/components/list-page/useListState';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { BoxCkImport } from './BoxCkImport';
import { CK_READS } from './reads';

/** A box whose CK is being set: one of the table (its number fixed) or any box (null). */
type Setting = { boxId: number; ck: string } | null;

/**
 * The box-CK table (spec 3: box number ↔ CK code, with time): the boxes that carry a CK, searched by the start of a box
 * number and filtered by code; a box's CK set or taken off, a sheet of them imported, and one box's history opened.
 */
export function BoxCks({ onHistory }: { onHistory: (boxId: number) => void }) {
  const { t, lang } = useI18n();
  const list = useListState<{ q: string | undefined; ck: string | undefined }>({ q: undefined, ck: undefined });
  const { q, ck } = list.params.filter;
  const rows = usePagedQuery(
    endpointQuery(api.ck.boxes, {
      query: { ...(q ? { q } : {}), ...(ck ? { ck } : {}), page: list.params.page, page_size: list.params.pageSize },
    }),
  );
  const [setting, setSetting] = useState<Setting | undefined>(undefined);
  const [importing, setImporting] = useState(false);

  const columns = useMemo<TableColumnsType<BoxCkRow>>(
    () => [
      { key: 'boxId', title: t('boxCk.box'), dataIndex: 'boxId', width: 140 },
      {
        key: 'ck',
        title: t('boxCk.ck'),
        width: 100,
        render: (_: unknown, r) => (
          <Typography.Text code data-testid={`box-ck-${r.boxId}`}>
            {r.ck}
          </Typography.Text>
        ),
      },
      { key: 'company', title: t('boxCk.ckCompany'), dataIndex: 'company', width: 220, ellipsis: true },
      { key: 'boxCompany', title: t('boxCk.boxCompany'), dataIndex: 'boxCompany', width: 200, ellipsis: true },
      {
        key: 'setAt',
        title: t('boxCk.setAt'),
        dataIndex: 'setAt',
        width: 170,
        render: (v: number | null) => (v === null ? '—' : formatTime(v, lang)),
      },
      {
        key: 'actions',
        title: t('boxCk.actions'),
        width: 170,
        render: (_: unknown, r) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              data-testid={`box-ck-change-${r.boxId}`}
              onClick={() => {
                setSetting({ boxId: r.boxId, ck: r.ck });
              }}
            >
              {t('boxCk.change')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid={`box-ck-history-${r.boxId}`}
              onClick={() => {
                onHistory(r.boxId);
              }}
            >
              {t('boxCk.history')}
            </Button>
          </Space>
        ),
      },
    ],
    [t, lang, onHistory],
  );

  return (
    <>
      <ListPage
        title={t('boxCk.tabs.boxes')}
        extra={
          <Space wrap>
            <RefreshButton onClick={rows.reload} testId="box-ck-reload" />
            <Button
              data-testid="box-ck-import"
              onClick={() => {
                setImporting(true);
              }}
            >
              {t('boxCk.import')}
            </Button>
            <Button
              type="primary"
              data-testid="box-ck-set"
              onClick={() => {
                setSetting(null);
              }}
            >
              {t('boxCk.setBox')}
            </Button>
          </Space>
        }
        toolbar={
          <Space wrap className="dms-toolbar">
            <SearchInput
              data-testid="box-ck-search"
              aria-label={t('boxCk.boxSearch')}
              placeholder={t('boxCk.boxSearch')}
              maxLength={10}
              inputMode="numeric"
              style={{ width: 200 }}
              sanitize={(v) => v.replace(/\D/g, '')}
              value={q ?? ''}
              onSearch={(value) => {
                list.setFilter({ q: value || undefined });
              }}
            />
            <SearchInput
              data-testid="box-ck-filter"
              aria-label={t('boxCk.boxCkFilter')}
              placeholder={t('boxCk.boxCkFilter')}
              maxLength={4}
              inputMode="numeric"
              style={{ width: 140 }}
              sanitize={(v) => v.replace(/\D/g, '')}
              value={ck ?? ''}
              onSearch={(value) => {
                list.setFilter({ ck: value.length === 4 ? value : undefined });
              }}
            />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="box-ck-table"
        rowKey="boxId"
        scroll={{ x: tableWidth(columns) }}
        showTotal={(total) => t('boxCk.boxTotal', { total })}
      />
      {setting !== undefined && (
        <BoxCkModal
          setting={setting}
          onClose={() => {
            setSetting(undefined);
          }}
        />
      )}
      <BoxCkImport
        open={importing}
        onClose={() => {
          setImporting(false);
        }}
      />
    </>
  );
}

interface BoxCkForm {
  boxId: number | null;
  ck: string;
}

/** Sets a box's CK code (a configured one), or takes it off when the code is left empty. */
function BoxCkModal({ setting, onClose }: { setting: Setting; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<BoxCkForm>();
  const { busy, error, run, clearError } = useSubmit(
    async (values: BoxCkForm) => {
      const boxId = setting?.boxId ?? values.boxId ?? 0;
      const ck = values.ck.trim() === '' ? null : values.ck.trim();
      const { devices } = await call(api.ck.setBox, { params: { boxId }, body: { ck } }, { errorDisplay: 'none' });
      void message.success(t('boxCk.boxSaved', { boxId, devices }));
      onClose();
    },
    { invalidates: CK_READS },
  );
  return (
    <FormModal<BoxCkForm>
      open
      title={t('boxCk.setBoxTitle')}
      okText={t('boxCk.save')}
      okTestId="box-ck-save"
      busy={busy}
      form={form}
      initialValues={{ boxId: setting?.boxId ?? null, ck: setting?.ck ?? '' }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Form.Item name="boxId" label={t('boxCk.box')}>
        <InputNumber<number>
          data-testid="box-ck-box"
          min={1}
          precision={0}
          controls={false}
          style={{ width: '100%' }}
          disabled={setting !== null}
        />
      </Form.Item>
      <Form.Item
        name="ck"
        label={t('boxCk.ck')}
        extra={t('boxCk.noCk')}
        help={error ?? undefined}
        validateStatus={error ? 'error' : undefined}
      >
        <Input data-testid="box-ck-code" maxLength={4} inputMode="numeric" />
      </Form.Item>
    </FormModal>
  );
}
