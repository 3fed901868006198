import { App, Space, Table, Tag, type TableColumnsType } from 'antd';
import {
  api,
  LANGUAGE_NAMES,
  isLanguage,
  REGISTER_FIELD_NAMES,
  type Language,
  type RegisterDef,
  type TypeEditView,
  type UploadPreview,
} from '@dms/contract';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '@/api/call';
import { LanguageSheetUpload, MAX_SHEET_KB } from '@/components/forms/LanguageSheetUpload';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { typeEditPath, typeUploadPath } from '@/pages/device-type/paths';
import { MapDiffView } from '../edit/MapDiffView';
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
  return (
    <LanguageSheetUpload<UploadPreview>
      testId="type-upload"
      title={
        <Space wrap>
          {t('typeUpload.title', { code: type.code })}
          <Tag>v{type.version}</Tag>
        </Space>
      }
      language={language}
      onLanguage={(l) => {
        moveTo(typeUploadPath(type.id, l));
      }}
      template={{ kind: 'type-map', filter: { typeId: type.id, language } }}
      read={(file) => call(api.controllerTypes.upload, { params: { id: type.id, language }, body: file }, { errorDisplay: 'none' })}
      apply={async (preview) => {
        const { version } = await call(
          api.controllerTypes.save,
          { params: { id: type.id }, body: { name: type.name, kind: type.kind, registers: preview.registers, version: preview.version } },
          { errorDisplay: 'none' },
        );
        void message.success(t('typeEdit.saved', { code: type.code, version }));
        void navigate(typeEditPath(type.id));
      }}
      invalidates={TYPE_MAP_READS}
      texts={{
        language: t('typeUpload.language'),
        template: t('typeUpload.template'),
        help: t('typeUpload.help', { language: LANGUAGE_NAMES[language], size: MAX_SHEET_KB }),
        choose: t('typeUpload.choose'),
        nothingSaved: t('typeUpload.nothingSaved'),
        previewTitle: (preview) => t('typeUpload.previewTitle', { count: preview.registers.length }),
        apply: (version) => t('typeUpload.apply', { version }),
        problems: (count) => t('typeUpload.problems', { count }),
        namesCopied: (count) => t('typeUpload.namesCopied', { count, language: LANGUAGE_NAMES[language] }),
        changes: t('typeUpload.changes'),
      }}
    >
      {(preview) => (
        <>
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
        </>
      )}
    </LanguageSheetUpload>
  );
}
