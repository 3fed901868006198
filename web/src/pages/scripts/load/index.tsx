import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Radio, Space, Typography, Upload } from 'antd';
import { DEVICE_PROPERTIES, LOAD_KINDS, MAX_UPLOAD_BYTES, type LoadKind } from '@dms/contract';
import { saveBlob } from '@/api/download';
import { useI18n } from '@/i18n';
import { base64Of } from '@/lib/file-base64';
import { ScriptFlow } from '../ScriptFlow';

interface Values {
  kind: LoadKind;
  file: File | undefined;
}

/** Each kind's template: its columns as the server reads them (by key, or by their names in any language). */
const TEMPLATE_COLUMNS: Record<LoadKind, readonly string[]> = {
  boxes: ['boxId', 'owner', 'boxType', 'companyName', 'contact', 'ck'],
  devices: ['box', 'controller', ...DEVICE_PROPERTIES],
  users: ['username', 'role', 'parent', 'password', 'name', 'company', 'phone', 'ck', 'helperType', 'region', 'remark'],
};
const KIND_LABEL = {
  boxes: 'scripts.form.kindBoxes',
  devices: 'scripts.form.kindDevices',
  users: 'scripts.form.kindUsers',
} as const satisfies Record<LoadKind, string>;

/**
 * /scripts/load (root; issue 24): boxes registered, or devices' properties set, from a sheet (.xlsx or .csv). The dry
 * run checks every row; one problem anywhere refuses the whole sheet, each problem named by its row and column. The
 * boxes' credentials are shown once. docs/scripts.md.
 */
export default function LoadPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const kind = (Form.useWatch('kind', form) as LoadKind | undefined) ?? 'boxes';
  const file = Form.useWatch<File | undefined>('file', form);
  return (
    <ScriptFlow<Values>
      script="load"
      form={form}
      initialValues={{ kind: 'boxes' }}
      toInput={async (v) => {
        const chosen = v.file as File;
        return { script: 'load', kind: v.kind, fileName: chosen.name, content: await base64Of(chosen) };
      }}
    >
      <Form.Item name="kind" label={t('scripts.form.kind')}>
        <Radio.Group data-testid="script-load-kind" options={LOAD_KINDS.map((k) => ({ value: k, label: t(KIND_LABEL[k]) }))} />
      </Form.Item>
      <Form.Item
        label={t('scripts.form.file')}
        required
        extra={file ? `${file.name} (${Math.ceil(file.size / 1024)} KiB / ${MAX_UPLOAD_BYTES / 1024} KiB)` : undefined}
      >
        {/* The file is the form's value; the picker only sets it (it uploads nothing itself). */}
        <Form.Item name="file" noStyle rules={[{ required: true, message: t('scripts.form.fileNeeded') }]}>
          <input type="hidden" />
        </Form.Item>
        <Upload
          accept=".xlsx,.csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            form.setFieldValue('file', f);
            void form.validateFields(['file']);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="script-load-choose">
            {t('scripts.form.chooseFile')}
          </Button>
        </Upload>
      </Form.Item>
      <Space style={{ marginBottom: 16 }}>
        <Button
          icon={<DownloadOutlined />}
          data-testid="script-load-template"
          onClick={() => {
            saveBlob(new Blob([`${TEMPLATE_COLUMNS[kind].join(',')}\n`], { type: 'text/csv' }), `load-${kind}.csv`);
          }}
        >
          {t('scripts.form.template')}
        </Button>
        <Typography.Text type="secondary">{TEMPLATE_COLUMNS[kind].join(', ')}</Typography.Text>
      </Space>
    </ScriptFlow>
  );
}
