import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Select, Space, Typography, Upload } from 'antd';
import { LANGUAGE_NAMES, LANGUAGES, MAX_UPLOAD_BYTES, type EndpointSpec, type Language, type UploadProblem } from '@dms/contract';
import { useState, type ReactNode } from 'react';
import { ProblemList } from '@/components/forms/ProblemList';
import { useSubmit } from '@/components/forms/useSubmit';
import { ExportButton, type ExportWhat } from '@/components/list-page/ExportButton';
import { base64Of } from '@/lib/file-base64';

/** What the server makes of a sheet, nothing saved: its problems, the version it read against, new rows named once. */
export interface SheetPreview {
  problems: readonly UploadProblem[];
  version: number;
  namesCopied: readonly unknown[];
}

export interface LanguageSheetUploadProps<P extends SheetPreview> {
  /** Test ids: `${testId}-language`, `-template`, `-file`, `-name`, `-error`, `-apply`, `-problems`, `-copied`. */
  testId: string;
  title: ReactNode;
  language: Language;
  onLanguage: (language: Language) => void;
  /** The template: the table as it is, in the upload's columns and the language's headers. */
  template: ExportWhat;
  /** Reads a file (nothing saved) and applies what it read as the next version. */
  read: (file: { fileName: string; content: string }) => Promise<P>;
  apply: (preview: P) => Promise<void>;
  invalidates: readonly EndpointSpec[];
  texts: {
    language: string;
    template: string;
    help: string;
    choose: string;
    nothingSaved: string;
    previewTitle: (preview: P) => string;
    apply: (version: number) => string;
    problems: (count: number) => string;
    namesCopied: (count: number) => string;
    changes: string;
  };
  /** What the file changes and the rows it read. */
  children: (preview: P) => ReactNode;
}

/**
 * A versioned table uploaded as a sheet of one language (a controller type's register map, a box type's
 * configuration): the template is downloaded first; an uploaded file is read by the server and nothing is saved; the
 * page shows every problem with its row and column and what changes against the version in use; "Apply" saves it as
 * the next version, only without problems. A bad file changes nothing.
 */
export function LanguageSheetUpload<P extends SheetPreview>(p: LanguageSheetUploadProps<P>) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const reading = useSubmit(async (file: File) => {
    setPreview(null);
    setFileName(file.name);
    setPreview(await p.read({ fileName: file.name, content: await base64Of(file) }));
  });
  const applying = useSubmit(
    async () => {
      if (preview) await p.apply(preview);
    },
    { invalidates: p.invalidates },
  );
  const problems = preview?.problems ?? [];
  const id = (part: string) => `${p.testId}-${part}`;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="dms-wrap-head"
        title={p.title}
        extra={
          <Space wrap>
            <Select<Language>
              data-testid={id('language')}
              aria-label={p.texts.language}
              style={{ width: 140 }}
              value={p.language}
              options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              onChange={p.onLanguage}
            />
            <ExportButton testId={id('template')} label={p.texts.template} body={p.template} />
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{p.texts.help}</Typography.Paragraph>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void reading.run(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={reading.busy} data-testid={id('file')}>
            {p.texts.choose}
          </Button>
        </Upload>
        {fileName && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 12 }} data-testid={id('name')}>
            {fileName}
          </Typography.Text>
        )}
        {reading.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 16 }}
            data-testid={id('error')}
            title={reading.error}
            description={p.texts.nothingSaved}
          />
        )}
      </Card>
      {preview && (
        <Card
          className="dms-wrap-head"
          title={p.texts.previewTitle(preview)}
          extra={
            <Button
              type="primary"
              data-testid={id('apply')}
              disabled={problems.length > 0}
              loading={applying.busy}
              onClick={() => void applying.run()}
            >
              {p.texts.apply(preview.version + 1)}
            </Button>
          }
        >
          {problems.length > 0 ? (
            <ProblemList testId={id('problems')} title={p.texts.problems(problems.length)} messages={problems.map((x) => x.message)} />
          ) : (
            preview.namesCopied.length > 0 && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid={id('copied')}
                title={p.texts.namesCopied(preview.namesCopied.length)}
              />
            )
          )}
          {applying.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={applying.error} />}
          <Typography.Title level={5}>{p.texts.changes}</Typography.Title>
          {p.children(preview)}
        </Card>
      )}
    </Space>
  );
}

/** The upload's help, with the largest file it reads. */
export const MAX_SHEET_KB = MAX_UPLOAD_BYTES / 1024;
