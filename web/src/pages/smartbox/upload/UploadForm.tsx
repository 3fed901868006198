import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, AutoComplete, Button, Card, Col, Form, Input, Progress, Radio, Row, Space, Typography, Upload } from 'antd';
import {
  api,
  BOX_TYPE_NAME,
  IMAGE_EXTENSIONS,
  IMAGE_KINDS,
  IMAGE_VERSION,
  MAX_IMAGE_BYTES,
  type ImageKind,
  type Language,
} from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n, type Translate } from '@/i18n';
import { formatSize } from '@/lib/format-size';
import { sha256Of } from './digest';

interface UploadValues {
  kind: ImageKind;
  boxType: string;
  version: string;
  file: File | null;
  sha256: string;
  notes: string;
}

const INITIAL: UploadValues = { kind: 'firmware', boxType: '', version: '', file: null, sha256: '', notes: '' };
const SHA256 = /^[0-9a-f]{64}$/;
/** The longest file name the server takes. */
const MAX_FILE_NAME = 128;

/** The file's SHA-256 as the browser computed it: still computing, not computable here, or its digits. */
type Digest = { file: File; sha256: string | null } | null;

/** What is wrong with a chosen file for an image of `kind` (the server checks the same), or null. */
function fileProblem(file: File | null | undefined, kind: ImageKind, t: Translate, lang: Language): string | null {
  if (!file) return t('firmware.upload.fileNeeded');
  const extensions = IMAGE_EXTENSIONS[kind];
  if (!extensions.some((e) => file.name.toLowerCase().endsWith(e)))
    return t('firmware.upload.fileExtension', { extensions: extensions.join(', '), fileName: file.name });
  if (file.name.length > MAX_FILE_NAME) return t('firmware.upload.fileNameLong');
  if (file.size === 0) return t('firmware.upload.fileEmpty');
  if (file.size > MAX_IMAGE_BYTES) return t('firmware.upload.fileTooBig', { max: formatSize(MAX_IMAGE_BYTES, lang) });
  return null;
}

/**
 * The upload of a firmware image or box program (root): its kind, box type and version, the file, and the SHA-256 the
 * vendor published. The browser computes the file's own SHA-256 and warns before sending when the two differ; the
 * server checks it again and stores nothing that does not match. The bytes go as the request's body, with a progress bar.
 */
export function UploadForm() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadValues>();
  // Undefined until the form is connected (the first render).
  const kind = (Form.useWatch('kind', form) as ImageKind | undefined) ?? INITIAL.kind;
  const file = (Form.useWatch('file', form) as File | null | undefined) ?? null;
  const entered = (Form.useWatch('sha256', form) as string | undefined) ?? '';
  const versions = useQuery(endpointQuery(api.smartbox.versions));
  const [digest, setDigest] = useState<Digest>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  // The chosen file's SHA-256, computed once it is chosen (a digest of a file chosen before is not shown for it).
  useEffect(() => {
    if (!file) return undefined;
    let current = true;
    void sha256Of(file)
      .catch(() => null)
      .then((sha256) => {
        if (current) setDigest({ file, sha256 });
      });
    return () => {
      current = false;
    };
  }, [file]);
  // An upload still running when the page is closed stops.
  useEffect(
    () => () => {
      abort.current?.abort();
    },
    [],
  );
  const own = file && digest?.file === file ? digest : null;
  const mismatch = Boolean(own?.sha256 && SHA256.test(entered) && entered !== own.sha256);

  /** The box types the fleet has, most boxes first, with how many boxes each. */
  const boxTypes = useMemo(() => {
    const counts = new Map<string, number>();
    for (const v of versions.data ?? []) counts.set(v.boxType, (counts.get(v.boxType) ?? 0) + v.boxes);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }, [versions.data]);

  const upload = useSubmit(
    async (v: UploadValues) => {
      if (!v.file) return;
      const controller = new AbortController();
      abort.current = controller;
      setProgress({ sent: 0, total: v.file.size });
      try {
        const row = await call(
          api.smartbox.uploadImage,
          {
            query: {
              kind: v.kind,
              boxType: v.boxType.trim(),
              version: v.version.trim(),
              fileName: v.file.name,
              sha256: v.sha256,
              notes: v.notes.trim(),
            },
            body: v.file,
          },
          {
            errorDisplay: 'none',
            timeoutMs: 10 * 60_000,
            signal: controller.signal,
            onProgress: (sent, total) => {
              setProgress({ sent, total });
            },
          },
        );
        void message.success(
          t('firmware.upload.done', { version: row.version, boxType: row.boxType, kind: t(`firmware.upload.kinds.${row.kind}`) }),
        );
        form.resetFields(['version', 'file', 'sha256', 'notes']);
        setDigest(null);
      } finally {
        abort.current = null;
        setProgress(null);
      }
    },
    { invalidates: [api.smartbox.images] },
  );

  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;

  return (
    <Card className="dms-wrap-head" title={t('firmware.upload.title')} data-testid="image-upload">
      <Typography.Paragraph type="secondary">{t('firmware.upload.help')}</Typography.Paragraph>
      <Form<UploadValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="dms-image-form"
        initialValues={INITIAL}
        onFinish={(v) => {
          // Enter in a field submits too: not a second upload while one runs.
          if (!upload.busy) void upload.run(v);
        }}
        onValuesChange={() => {
          upload.clearError();
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="kind" label={t('firmware.upload.kind')}>
              <Radio.Group data-testid="upload-kind">
                {IMAGE_KINDS.map((k) => (
                  <Radio key={k} value={k} data-testid={`upload-kind-${k}`}>
                    {t(`firmware.upload.kinds.${k}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="boxType"
              label={t('firmware.upload.boxType')}
              normalize={(value: string) => value.trim()}
              rules={[
                { required: true, message: t('firmware.upload.boxTypeNeeded') },
                { pattern: BOX_TYPE_NAME, message: t('firmware.upload.boxTypeBad') },
              ]}
            >
              <AutoComplete
                showSearch={{
                  filterOption: (input, option) => (option?.value ?? '').toLowerCase().includes(input.trim().toLowerCase()),
                }}
                options={boxTypes.map(([type, count]) => ({
                  value: type,
                  label: (
                    <Space size={8}>
                      {type}
                      <Typography.Text type="secondary">{t('firmware.upload.boxTypeBoxes', { count })}</Typography.Text>
                    </Space>
                  ),
                }))}
              >
                <Input
                  data-testid="upload-box-type"
                  placeholder={t('firmware.upload.boxTypePlaceholder')}
                  maxLength={32}
                  autoComplete="off"
                />
              </AutoComplete>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="version"
              label={t('firmware.upload.version')}
              normalize={(value: string) => value.trim()}
              rules={[
                { required: true, message: t('firmware.upload.versionNeeded') },
                { pattern: IMAGE_VERSION, message: t('firmware.upload.versionBad') },
              ]}
            >
              <Input data-testid="upload-version" placeholder={t('firmware.upload.versionPlaceholder')} maxLength={40} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} lg={8}>
            <Form.Item
              name="file"
              label={t('firmware.upload.file')}
              dependencies={['kind']}
              extra={t('firmware.upload.fileHelp', {
                extensions: IMAGE_EXTENSIONS[kind].join(', '),
                max: formatSize(MAX_IMAGE_BYTES, lang),
              })}
              rules={[
                {
                  validator: (_, value: File | null) => {
                    const problem = fileProblem(value, form.getFieldValue('kind') as ImageKind, t, lang);
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
            >
              <ImageFileInput accept={IMAGE_EXTENSIONS[kind].join(',')} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={16}>
            <Form.Item
              name="sha256"
              label={t('firmware.upload.sha256')}
              normalize={(value: string) => value.trim().toLowerCase()}
              rules={[
                { required: true, message: t('firmware.upload.sha256Needed') },
                { pattern: SHA256, message: t('firmware.upload.sha256Bad') },
              ]}
              extra={
                file && (
                  <FileDigest
                    digest={own}
                    entered={entered}
                    onUse={(sha256) => {
                      form.setFieldValue('sha256', sha256);
                      void form.validateFields(['sha256']);
                    }}
                  />
                )
              }
            >
              <Input
                data-testid="upload-sha256"
                className="dms-image-sha-input"
                placeholder={t('firmware.upload.sha256Placeholder')}
                maxLength={80}
                spellCheck={false}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
        </Row>
        {mismatch && (
          <Alert
            type="warning"
            showIcon
            className="dms-form-alert"
            data-testid="upload-sha-mismatch"
            title={t('firmware.upload.mismatch')}
          />
        )}
        <Form.Item name="notes" label={t('firmware.upload.notes')}>
          <Input.TextArea
            data-testid="upload-notes"
            placeholder={t('firmware.upload.notesPlaceholder')}
            maxLength={500}
            showCount
            autoSize={{ minRows: 1, maxRows: 6 }}
          />
        </Form.Item>
        {upload.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="dms-form-alert dms-image-wrap"
            data-testid="upload-error"
            title={upload.error}
          />
        )}
        {progress && (
          <div className="dms-form-alert" data-testid="upload-progress">
            <Progress percent={percent} status="active" />
            <Typography.Text type="secondary">
              {t('firmware.upload.sending', { sent: formatSize(progress.sent, lang), total: formatSize(progress.total, lang) })}
            </Typography.Text>
          </div>
        )}
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<UploadOutlined />} loading={upload.busy} data-testid="upload-submit">
            {t('firmware.upload.submit')}
          </Button>
          {upload.busy && (
            <Button
              data-testid="upload-cancel"
              onClick={() => {
                abort.current?.abort();
              }}
            >
              {t('common.action.cancel')}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}

/** The one file of an upload (Form.Item gives its value and onChange): chosen, never sent by antd itself. */
function ImageFileInput({ value, onChange, accept }: { value?: File | null; onChange?: (file: File | null) => void; accept: string }) {
  const { t, lang } = useI18n();
  return (
    <div data-testid="upload-file">
      <Upload
        accept={accept}
        maxCount={1}
        beforeUpload={(chosen) => {
          onChange?.(chosen);
          return false;
        }}
        onRemove={() => {
          onChange?.(null);
          return true;
        }}
        fileList={value ? [{ uid: 'image', name: `${value.name} (${formatSize(value.size, lang)})`, status: 'done' }] : []}
      >
        <Button icon={<UploadOutlined />} data-testid="upload-choose">
          {t('firmware.upload.choose')}
        </Button>
      </Upload>
    </div>
  );
}

/** Under the SHA-256 field: the file's own SHA-256 (or that it is being computed, or cannot be here), to copy or use. */
function FileDigest({ digest, entered, onUse }: { digest: Digest; entered: string; onUse: (sha256: string) => void }) {
  const { t } = useI18n();
  if (!digest)
    return (
      <Space size={6} data-testid="upload-hashing">
        <LoadingOutlined />
        {t('firmware.upload.hashing')}
      </Space>
    );
  if (!digest.sha256) return <span data-testid="upload-no-hashing">{t('firmware.upload.noHashing')}</span>;
  const { sha256 } = digest;
  return (
    <div className="dms-image-digest">
      <div>{t('firmware.upload.fileSha256')}</div>
      <Typography.Text code copyable className="dms-image-wrap" data-testid="upload-file-sha256">
        {sha256}
      </Typography.Text>
      {entered !== sha256 && (
        <div>
          <Button
            type="link"
            size="small"
            className="dms-image-use"
            data-testid="upload-use-sha256"
            onClick={() => {
              onUse(sha256);
            }}
          >
            {t('firmware.upload.useFileSha256')}
          </Button>
        </div>
      )}
    </div>
  );
}
