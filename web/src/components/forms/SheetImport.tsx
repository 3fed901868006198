import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload, type TableColumnsType } from 'antd';
import type { EndpointSpec, UploadProblem } from '@dms/contract';
import { useState } from 'react';
import { useSubmit } from '@/components/forms/useSubmit';
import { ProblemList } from '@/components/forms/ProblemList';
import { useI18n } from '@/i18n';
import { base64Of } from '@/lib/file-base64';

/** What an import answers: the rows it changes (each with its sheet row), those it leaves, its problems, whether written. */
export interface SheetImportResult<R> {
  changes: R[];
  unchanged: number;
  problems: UploadProblem[];
  applied: boolean;
}

export interface SheetImportProps<R extends { row: number }> {
  open: boolean;
  onClose: () => void;
  /** The import call: the file, previewed (`apply` false) or applied. */
  send: (body: { fileName: string; content: string; apply: boolean }) => Promise<SheetImportResult<R>>;
  /** The changed rows' columns (after the row number). */
  columns: TableColumnsType<R>;
  /** Its words: the title, the help, how many problems (`count`), what it changes (`count`, `unchanged`), done (`count`). */
  texts: {
    title: string;
    help: string;
    problems: (count: number) => string;
    changes: (count: number, unchanged: number) => string;
    done: (count: number) => string;
  };
  /** The reads an applied import changes. */
  invalidates: readonly EndpointSpec[];
  /** Test ids: `<testId>-file`, `-apply`, `-error`, `-problems`, `-summary`, `-rows`. */
  testId: string;
}

/**
 * An import of a sheet (.xlsx or .csv): the server reads it and writes nothing; the dialog shows the rows it would
 * change and every problem by row and column. "Apply" writes them all at once, only when there is no problem; a bad
 * file changes nothing.
 */
export function SheetImport<R extends { row: number }>({ open, onClose, send, columns, texts, invalidates, testId }: SheetImportProps<R>) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null);
  const [preview, setPreview] = useState<SheetImportResult<R> | null>(null);
  const close = () => {
    setFile(null);
    setPreview(null);
    onClose();
  };
  const reading = useSubmit(async (chosen: File) => {
    setPreview(null);
    const read = { fileName: chosen.name, content: await base64Of(chosen) };
    setFile(read);
    setPreview(await send({ ...read, apply: false }));
  });
  const applying = useSubmit(
    async () => {
      if (!file) return;
      const done = await send({ ...file, apply: true });
      setPreview(done);
      if (done.applied) {
        void message.success(texts.done(done.changes.length));
        close();
      }
    },
    { invalidates },
  );
  const problems = preview?.problems ?? [];
  return (
    <Modal
      open={open}
      title={texts.title}
      width={720}
      destroyOnHidden
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>{t('common.action.cancel')}</Button>
          <Button
            type="primary"
            data-testid={`${testId}-apply`}
            disabled={!preview || problems.length > 0 || preview.changes.length === 0}
            loading={applying.busy}
            onClick={() => void applying.run()}
          >
            {t('common.action.apply')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{texts.help}</Typography.Paragraph>
      <Upload
        accept=".xlsx,.csv"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(chosen) => {
          void reading.run(chosen);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={reading.busy} data-testid={`${testId}-file`}>
          {t('common.action.chooseFile')}
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
          data-testid={`${testId}-error`}
          title={reading.error ?? applying.error}
        />
      )}
      {preview && (
        <div style={{ marginTop: 16 }}>
          <ProblemList testId={`${testId}-problems`} title={texts.problems(problems.length)} messages={problems.map((p) => p.message)} />
          {problems.length === 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid={`${testId}-summary`}
              title={texts.changes(preview.changes.length, preview.unchanged)}
            />
          )}
          <Table<R>
            data-testid={`${testId}-rows`}
            rowKey="row"
            size="small"
            dataSource={preview.changes}
            pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
            columns={[{ key: 'row', title: '#', dataIndex: 'row', width: 60 }, ...columns]}
          />
        </div>
      )}
    </Modal>
  );
}
