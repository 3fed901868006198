import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { api, MAX_UPLOAD_BYTES, type BoxCkImportResult, type BoxCkImportRow } from '@dms/contract';
import { useState } from 'react';
import { call } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { base64Of } from '@/lib/file-base64';
import { ProblemList } from '../type-config/ProblemList';
import { CK_READS } from './reads';

/**
 * The box-CK import: a sheet (.xlsx or .csv) of box numbers and CK codes is read by the server, nothing written; the
 * dialog shows the boxes whose CK would change and every problem by row and column. "Apply" writes them all at once,
 * only when there is no problem; a bad file changes nothing.
 */
export function BoxCkImport({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null);
  const [preview, setPreview] = useState<BoxCkImportResult | null>(null);
  const close = () => {
    setFile(null);
    setPreview(null);
    onClose();
  };
  const reading = useSubmit(async (chosen: File) => {
    setPreview(null);
    const read = { fileName: chosen.name, content: await base64Of(chosen) };
    setFile(read);
    setPreview(await call(api.ck.importBoxes, { body: read }, { errorDisplay: 'none' }));
  });
  const applying = useSubmit(
    async () => {
      if (!file) return;
      const done = await call(api.ck.importBoxes, { body: { ...file, apply: true } }, { errorDisplay: 'none' });
      setPreview(done);
      if (done.applied) {
        void message.success(t('ckConfig.imported', { count: done.changes.length }));
        close();
      }
    },
    { invalidates: CK_READS },
  );
  const problems = preview?.problems ?? [];
  return (
    <Modal
      open={open}
      title={t('ckConfig.importTitle')}
      width={720}
      destroyOnHidden
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>{t('common.action.cancel')}</Button>
          <Button
            type="primary"
            data-testid="box-ck-import-apply"
            disabled={!preview || problems.length > 0 || preview.changes.length === 0}
            loading={applying.busy}
            onClick={() => void applying.run()}
          >
            {t('ckConfig.importApply')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('ckConfig.importHelp', { size: MAX_UPLOAD_BYTES / 1024, box: t('ckConfig.box'), ck: t('ckConfig.ck') })}
      </Typography.Paragraph>
      <Upload
        accept=".xlsx,.csv"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(chosen) => {
          void reading.run(chosen);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={reading.busy} data-testid="box-ck-import-file">
          {t('ckConfig.importChoose')}
        </Button>
      </Upload>
      {file && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
          {file.fileName}
        </Typography.Text>
      )}
      {(reading.error ?? applying.error) && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          data-testid="box-ck-import-error"
          title={reading.error ?? applying.error}
        />
      )}
      {preview && (
        <div style={{ marginTop: 16 }}>
          <ProblemList
            testId="box-ck-import-problems"
            title={t('ckConfig.importProblems', { count: problems.length })}
            messages={problems.map((p) => p.message)}
          />
          {problems.length === 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="box-ck-import-summary"
              title={t('ckConfig.importChanges', { count: preview.changes.length, unchanged: preview.unchanged })}
            />
          )}
          <Table<BoxCkImportRow>
            data-testid="box-ck-import-rows"
            rowKey="row"
            size="small"
            dataSource={preview.changes}
            pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: 'row', title: '#', dataIndex: 'row', width: 60 },
              { key: 'boxId', title: t('ckConfig.box'), dataIndex: 'boxId', width: 140 },
              { key: 'from', title: t('ckConfig.from'), dataIndex: 'from', width: 100, render: (v: string | null) => v ?? '—' },
              { key: 'to', title: t('ckConfig.to'), dataIndex: 'to', width: 100 },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
