import { App, Space, Table, Tag, type TableColumnsType } from 'antd';
import {
  api,
  BOX_CONFIG_WORDS,
  defaultIn,
  isLanguage,
  LANGUAGE_NAMES,
  type BoxConfig,
  type BoxConfigPreview,
  type BoxParam,
  type BoxParamDiffField,
  type Language,
} from '@dms/contract';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '@/api/call';
import { DiffView } from '@/components/forms/DiffView';
import { LanguageSheetUpload, MAX_SHEET_KB } from '@/components/forms/LanguageSheetUpload';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { BOX_CONFIG_READS, BoxConfigLoader } from '../BoxConfigLoader';
import { boxConfigProtocolPath, boxConfigUploadPath } from '../../paths';

/**
 * /smartbox/config/upload/{id}/{language} (root; issue 23): a box type's configuration of one language from .xlsx or
 * .csv. The template (the configuration in use, in the upload's columns and the language's headers) is downloaded
 * first; an uploaded file is read by the server and nothing is saved: the page shows the parameters it read, every
 * problem with its row and column, and what changes; "Apply" saves it as the next version and opens its protocol.
 */
export default function BoxConfigUploadPage() {
  const { t } = useI18n();
  const params = useParams();
  const language = params.language;
  return (
    <BoxConfigLoader title={t('smartbox.route.configUpload')} id={Number(params.id)} valid={isLanguage(language)}>
      {(config) => (
        <Uploader key={`${config.id}-${config.version}-${language}`} config={config} language={isLanguage(language) ? language : 'en'} />
      )}
    </BoxConfigLoader>
  );
}

function Uploader({ config, language }: { config: BoxConfig; language: Language }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  // Another language is the same upload: its tab takes the place of this one.
  const moveTo = useCloseTab();
  const words = BOX_CONFIG_WORDS[lang];

  const columns = useMemo<TableColumnsType<BoxParam>>(
    () => [
      { key: 'key', title: words.columns.key, dataIndex: 'key', width: 140 },
      {
        key: 'name',
        title: `${words.columns.name} (${LANGUAGE_NAMES[language]})`,
        width: 200,
        render: (_: unknown, p) => p.name[language],
      },
      { key: 'format', title: words.columns.format, width: 100, render: (_: unknown, p) => words.formats[p.format] },
      { key: 'unit', title: words.columns.unit, dataIndex: 'unit', width: 80 },
      { key: 'default', title: words.columns.default, width: 120, render: (_: unknown, p) => defaultIn(p, lang) },
      {
        key: 'range',
        title: words.range,
        width: 130,
        render: (_: unknown, p) => (p.min !== undefined || p.max !== undefined ? `${p.min ?? ''} – ${p.max ?? ''}` : ''),
      },
      {
        key: 'note',
        title: `${words.columns.note} (${LANGUAGE_NAMES[language]})`,
        width: 280,
        render: (_: unknown, p) => p.note[language],
      },
    ],
    [words, language, lang],
  );
  const item = (p: BoxParam, fields: readonly BoxParamDiffField[] = []) => ({
    id: p.key,
    tag: p.key,
    label: p.name[lang],
    fields: fields.map((f) => words.columns[f]),
  });

  return (
    <LanguageSheetUpload<BoxConfigPreview>
      testId="box-config-upload"
      title={
        <Space wrap>
          {t('boxTypes.upload.title', { code: config.code })}
          {config.version > 0 && <Tag data-testid="box-config-upload-version">v{config.version}</Tag>}
        </Space>
      }
      language={language}
      onLanguage={(l) => {
        moveTo(boxConfigUploadPath(config.id, l));
      }}
      template={{ kind: 'box-config', filter: { typeId: config.id, language } }}
      read={(file) => call(api.smartbox.uploadBoxConfig, { params: { id: config.id, language }, body: file }, { errorDisplay: 'none' })}
      apply={async (preview) => {
        const { version } = await call(
          api.smartbox.saveBoxConfig,
          { params: { id: config.id }, body: { params: preview.params, version: preview.version } },
          { errorDisplay: 'none' },
        );
        void message.success(t('boxTypes.upload.saved', { code: config.code, version }));
        void navigate(boxConfigProtocolPath(config.id, language));
      }}
      invalidates={BOX_CONFIG_READS}
      texts={{
        language: t('boxTypes.upload.language'),
        template: t('boxTypes.upload.template'),
        help: t('boxTypes.upload.help', { language: LANGUAGE_NAMES[language], size: MAX_SHEET_KB }),
        choose: t('boxTypes.upload.choose'),
        nothingSaved: t('boxTypes.upload.nothingSaved'),
        previewTitle: (preview) => t('boxTypes.upload.previewTitle', { count: preview.params.length }),
        apply: (version) => t('boxTypes.upload.apply', { version }),
        problems: (count) => t('boxTypes.upload.problems', { count }),
        namesCopied: (count) => t('boxTypes.upload.namesCopied', { count, language: LANGUAGE_NAMES[language] }),
        changes: t('boxTypes.upload.changes'),
      }}
    >
      {(preview) => (
        <>
          <DiffView
            testId="box-config-diff"
            none={t('boxTypes.upload.diff.none')}
            title={(kind, count) => t(`boxTypes.upload.diff.${kind}`, { count })}
            items={{
              added: preview.diff.added.map((p) => item(p)),
              removed: preview.diff.removed.map((p) => item(p)),
              changed: preview.diff.changed.map((c) => item(c.after, c.fields)),
            }}
          />
          <Table<BoxParam>
            data-testid="box-config-upload-rows"
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={preview.params}
            pagination={{ defaultPageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: 1050 }}
          />
        </>
      )}
    </LanguageSheetUpload>
  );
}
