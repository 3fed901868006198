import { api, isLanguage, PROTOCOL_ALIAS, protocolSheet } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { PageLoader } from '@/components/PageLoader';
import { ProtocolDocument } from '@/components/document/ProtocolDocument';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { formatTime } from '@/lib/format-time';
import { typeProtocolPath, TYPE_CONFIG_PATH } from '@/pages/device-type/paths';

/** The columns' widths (protocolSheet's order): the names and the options or bits wrap, the rest fits. */
const WIDTHS = [80, 170, 220, 80, 100, 80, 90, 190, 110, 340];

/**
 * /device-type/type-config/protocol/{id}/{alias}/{language} (root; issue 20): a type's protocol document, the register
 * table as a device's users and service engineers read it, in the language of the address (the page's own words stay
 * in the user's). The alias picks the map: `default` the one in use, `v{n}` a saved version. Print prints the
 * document alone; the .xlsx holds the same cells (export kind `type-protocol`).
 */
export default function TypeProtocolPage() {
  const { t, lang } = useI18n();
  // Another alias or language is the same document: its tab takes the place of this one.
  const moveTo = useCloseTab();
  const params = useParams();
  const id = Number(params.id);
  const alias = params.alias ?? '';
  const asked = params.language;
  const valid = Number.isInteger(id) && id > 0 && PROTOCOL_ALIAS.test(alias) && isLanguage(asked);
  const query = useQuery({ ...endpointQuery(api.controllerTypes.protocol, { params: { id: valid ? id : 1, alias } }), enabled: valid });
  const language = isLanguage(asked) ? asked : 'en';

  return (
    <PageLoader
      title={t('deviceType.route.typeProtocol')}
      valid={valid}
      read={query}
      notFound={t('typeProtocol.notFound')}
      back={{ to: TYPE_CONFIG_PATH, label: t('typeEdit.back') }}
    >
      {(doc) => (
        <ProtocolDocument
          testId="type-protocol"
          title={t('typeProtocol.title', { code: doc.code })}
          version={doc.version}
          versions={{
            value: alias,
            options: [
              { value: 'default', label: t('common.document.inUse', { version: doc.current }) },
              ...doc.versions.map((v) => ({ value: `v${v}`, label: t('common.document.version', { version: v }) })),
            ],
            onChange: (a) => {
              moveTo(typeProtocolPath(id, a, language));
            },
          }}
          language={language}
          onLanguage={(l) => {
            moveTo(typeProtocolPath(id, alias, l));
          }}
          exportBody={{ kind: 'type-protocol', filter: { typeId: id, alias, language } }}
          details={[
            { key: 'name', label: t('typeProtocol.name'), children: doc.name[language] },
            { key: 'kind', label: t('typeConfig.kind'), children: t(`devices.kind.${doc.kind}`) },
            {
              key: 'saved',
              label: t('typeProtocol.saved'),
              children: `${formatTime(doc.savedAt, lang)} · ${doc.savedBy ?? t('typeConfig.release')}`,
            },
          ]}
          sheet={protocolSheet(doc.registers, language)}
          widths={WIDTHS}
        />
      )}
    </PageLoader>
  );
}
