import { Alert, App, Button, Card, Select, Space, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  api,
  LANGUAGE_NAMES,
  LANGUAGES,
  isLanguage,
  MAX_UPLOAD_BYTES,
  REGISTER_FIELD_NAMES,
  type Language,
  type RegisterDef,
  type TypeEditView,
  type UploadPreview,
} from '@dms/contract';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { ExportButton } from '@/components/list-page/ExportButton';
import { useI18n } from '@/i18n';
import { base64Of } from '@/lib/file-base64';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { typeEditPath, typeUploadPath } from '@/pages/device-type/paths';
import { MapDiffView } from '../edit/MapDiffView';
import { ProblemList } from '@/components/forms/ProblemList';
import { TYPE_MAP_READS, TypeLoader } from '../TypeLoader';

/**
 * /device-type/type-config/upload/{id}/{language} (root): a type's register map of one language from .xlsx or .csv.
 * The template (the map as it is, in the upload's columns and the language's headers) is downloaded first. An
 * uploaded file is read by the server and nothing is saved: the page shows the rows it read, every problem with its
 * row and column, and what changes against the current version; "Apply" saves it as the next version. A bad file
 * changes nothing.
 */
export default function TypeUploadPage() {
  const { t } = useI18n();
  const params = useParams();
  const language = params.language;
  return (
    <TypeLoader title={t('deviceType.route.typeUpload')} id={Number(params.id)} valid={isLanguage(language)}>
      {(type) => <Uploader key={`${type.id}-${type.version}-${language}`} type={type} language={isLanguage(language) ? language : 'en'} />}
    </TypeLoader>
  );
}

function Uploader({ type, language }: { type: TypeEditView; language: Language }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  // Another language is the same upload: its tab takes the place of this one.
  const moveTo = useCloseTab();
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<UploadPreview | null>(null);

  const reading = useSubmit(async (file: File) => {
    setPreview(null);
    setFileName(file.name);
    const content = await base64Of(file);
    setPreview(
      await call(
        api.controllerTypes.upload,
        { params: { id: type.id, language }, body: { fileName: file.name, content } },
        { errorDisplay: 'none' },
      ),
    );
  });
  const applying = useSubmit(
    async () => {
      if (!preview) return;
      const { version } = await call(
        api.controllerTypes.save,
        { params: { id: type.id }, body: { name: type.name, kind: type.kind, registers: preview.registers, version: preview.version } },
        { errorDisplay: 'none' },
      );
      void message.success(t('typeEdit.saved', { code: type.code, version }));
      void navigate(typeEditPath(type.id));
    },
    { invalidates: TYPE_MAP_READS },
  );

  const columns = useMemo<TableColumnsType<RegisterDef>>(
    () => [
      { key: 'number', title: REGISTER_FIELD_NAMES[lang].number, dataIndex: 'number', width: 90 },
      { key: 'key', title: REGISTER_FIELD_NAMES[lang].key, dataIndex: 'key', width: 170 },
      {
        key: 'name',
        title: t('typeConfig.nameIn', { language: LANGUAGE_NAMES[language] }),
        width: 200,
        render: (_: unknown, r) => r.name[language],
      },
      { key: 'format', title: t('devices.register.format'), width: 110, render: (_: unknown, r) => t(`devices.format.${r.format}`) },
      { key: 'unit', title: t('devices.register.unit'), dataIndex: 'unit', width: 90 },
      { key: 'decimals', title: t('devices.register.decimals'), dataIndex: 'decimals', width: 90 },
      {
        key: 'coding',
        title: t('typeUpload.coding'),
        width: 220,
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Tag>{t('typeUpload.words', { count: r.words ?? 1 })}</Tag>
            {r.words === 2 && <Tag>{t(`typeEdit.order.${r.wordOrder ?? 'high-first'}`)}</Tag>}
            {r.signed && <Tag>{REGISTER_FIELD_NAMES[lang].signed}</Tag>}
            {r.encoding === 'float32' && <Tag>{t('typeEdit.encodings.float32')}</Tag>}
          </Space>
        ),
      },
      {
        key: 'writable',
        title: t('devices.register.writable'),
        width: 170,
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            {r.writable ? t('typeUpload.yes') : t('typeUpload.no')}
            {r.operating && <Tag>{REGISTER_FIELD_NAMES[lang].operating}</Tag>}
            {r.role && <Tag>{t(`typeEdit.roles.${r.role}`)}</Tag>}
          </Space>
        ),
      },
    ],
    [t, lang, language],
  );
  const problems = preview?.problems ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="dms-wrap-head"
        title={
          <Space wrap>
            {t('typeUpload.title', { code: type.code })}
            <Tag>v{type.version}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            <Select<Language>
              data-testid="type-upload-language"
              aria-label={t('typeUpload.language')}
              style={{ width: 140 }}
              value={language}
              options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              onChange={(l) => {
                moveTo(typeUploadPath(type.id, l));
              }}
            />
            <ExportButton
              testId="type-upload-template"
              label={t('typeUpload.template')}
              body={{ kind: 'type-map', filter: { typeId: type.id, language } }}
            />
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          {t('typeUpload.help', { language: LANGUAGE_NAMES[language], size: MAX_UPLOAD_BYTES / 1024 })}
        </Typography.Paragraph>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void reading.run(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={reading.busy} data-testid="type-upload-file">
            {t('typeUpload.choose')}
          </Button>
        </Upload>
        {fileName && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 12 }} data-testid="type-upload-name">
            {fileName}
          </Typography.Text>
        )}
        {reading.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 16 }}
            data-testid="type-upload-error"
            title={reading.error}
            description={t('typeUpload.nothingSaved')}
          />
        )}
      </Card>
      {preview && (
        <Card
          className="dms-wrap-head"
          title={t('typeUpload.previewTitle', { count: preview.registers.length })}
          extra={
            <Button
              type="primary"
              data-testid="type-upload-apply"
              disabled={problems.length > 0}
              loading={applying.busy}
              onClick={() => void applying.run()}
            >
              {t('typeUpload.apply', { version: preview.version + 1 })}
            </Button>
          }
        >
          {problems.length > 0 ? (
            <ProblemList
              testId="type-upload-problems"
              title={t('typeUpload.problems', { count: problems.length })}
              messages={problems.map((p) => p.message)}
            />
          ) : (
            preview.namesCopied.length > 0 && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="type-upload-copied"
                title={t('typeUpload.namesCopied', { count: preview.namesCopied.length, language: LANGUAGE_NAMES[language] })}
              />
            )
          )}
          {applying.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={applying.error} />}
          <Typography.Title level={5}>{t('typeUpload.changes')}</Typography.Title>
          <MapDiffView diff={preview.diff} />
          <Table<RegisterDef>
            data-testid="type-upload-rows"
            rowKey="number"
            size="small"
            columns={columns}
            dataSource={preview.registers}
            pagination={{ defaultPageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: 1060 }}
          />
        </Card>
      )}
    </Space>
  );
}
