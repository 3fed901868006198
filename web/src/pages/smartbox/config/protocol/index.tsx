import { Alert } from 'antd';
import { boxProtocolSheet, isLanguage } from '@dms/contract';
import { useParams, useSearchParams } from 'react-router';
import { ProtocolDocument } from '@/components/document/ProtocolDocument';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { formatTime } from '@/lib/format-time';
import { BoxConfigLoader } from '../BoxConfigLoader';
import { boxConfigProtocolPath } from '../../paths';

/** The columns' widths (boxProtocolSheet's order): the names and notes wrap, the rest fits. */
const WIDTHS = [130, 200, 100, 80, 110, 130, 130, 320];

/**
 * /smartbox/config/protocol/{id}/{language} (root; issue 23): a box type's protocol document, its parameters as
 * service engineers read them (key, name, format, unit, default, range, whether the config command sets it, note), in
 * the language of the address; `?version=n` a saved version. Printed alone; the .xlsx holds the same cells (export
 * kind `box-protocol`).
 */
export default function BoxProtocolPage() {
  const { t, lang } = useI18n();
  const moveTo = useCloseTab();
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id);
  const language = params.language;
  const asked = search.get('version');
  const version = asked === null ? undefined : Number(asked);
  return (
    <BoxConfigLoader title={t('smartbox.route.configProtocol')} id={id} version={version} valid={isLanguage(language)}>
      {(doc) => {
        const docLanguage = isLanguage(language) ? language : 'en';
        const go = (to: { version?: number | undefined; language?: string }) => {
          moveTo(boxConfigProtocolPath(id, to.language ?? docLanguage, 'version' in to ? to.version : version));
        };
        return (
          <>
            {doc.params.length === 0 && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('boxTypes.protocol.empty')} />}
            <ProtocolDocument
              testId="box-protocol"
              title={t('boxTypes.protocol.title', { code: doc.code })}
              version={doc.version}
              versions={{
                value: version === undefined ? 'current' : `v${version}`,
                options: [
                  { value: 'current', label: t('common.document.inUse', { version: doc.current }) },
                  ...doc.versions.map((v) => ({ value: `v${v}`, label: t('common.document.version', { version: v }) })),
                ],
                onChange: (v) => {
                  go({ version: v === 'current' ? undefined : Number(v.slice(1)) });
                },
              }}
              language={docLanguage}
              onLanguage={(l) => {
                go({ language: l });
              }}
              exportBody={{
                kind: 'box-protocol',
                filter: { typeId: id, ...(version === undefined ? {} : { version }), language: docLanguage },
              }}
              details={[
                { key: 'code', label: t('boxTypes.list.code'), children: doc.code },
                { key: 'params', label: t('boxTypes.protocol.params'), children: doc.params.length },
                {
                  key: 'saved',
                  label: t('boxTypes.protocol.saved'),
                  children: `${formatTime(doc.savedAt, lang)} · ${doc.savedBy ?? t('boxTypes.list.release')}`,
                },
              ]}
              sheet={boxProtocolSheet(doc.params, docLanguage)}
              widths={WIDTHS}
            />
          </>
        );
      }}
    </BoxConfigLoader>
  );
}
