import { Button, Card, Descriptions, Empty, Select, Skeleton, Space, Table, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { api, isLanguage, LANGUAGE_NAMES, LANGUAGES, PROTOCOL_ALIAS, protocolSheet, type ProtocolCell } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { ExportButton } from '@/components/list-page/ExportButton';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { formatTime } from '@/lib/format-time';
import { typeProtocolPath, TYPE_CONFIG_PATH } from '@/pages/device-type/paths';
import './protocol.css';

/** The columns' widths (protocolSheet's order): the names and the options or bits wrap, the rest fits. */
const WIDTHS = [80, 170, 220, 80, 100, 80, 90, 190, 110, 340];

/**
 * /device-type/type-config/protocol/{id}/{alias}/{language} (root; issue 20): a type's protocol document, the register
 * table as a device's users and service engineers read it, in the language of the address (the page's own words stay
 * in the user's). The alias picks the map: `default` the one in use, `v{n}` a saved version. Print prints the
 * document alone (protocol.css); the .xlsx holds the same cells (export kind `type-protocol`).
 */
export default function TypeProtocolPage() {
  const { t, lang } = useI18n();
  // Another alias or language is the same document: its tab takes the place of this one.
  const moveTo = useCloseTab();
  const params = useParams();
  const id = Number(params.id);
  const alias = params.alias ?? '';
  const language = params.language;
  const valid = Number.isInteger(id) && id > 0 && PROTOCOL_ALIAS.test(alias) && isLanguage(language);
  const query = useQuery({ ...endpointQuery(api.controllerTypes.protocol, { params: { id: valid ? id : 1, alias } }), enabled: valid });
  const doc = query.data;
  const sheet = useMemo(() => (doc && isLanguage(language) ? protocolSheet(doc.registers, language) : null), [doc, language]);
  const title = t('typeProtocol.title', { code: doc?.code ?? '' });

  if (!valid || query.isError) {
    return (
      <Card title={t('deviceType.route.typeProtocol')}>
        <Empty description={t('typeProtocol.notFound')}>
          <Link to={TYPE_CONFIG_PATH}>{t('typeEdit.back')}</Link>
        </Empty>
      </Card>
    );
  }
  if (!doc || !sheet) {
    return (
      <Card title={t('deviceType.route.typeProtocol')}>
        <Skeleton active />
      </Card>
    );
  }
  const go = (to: { alias?: string; language?: string }) => {
    moveTo(typeProtocolPath(id, to.alias ?? alias, to.language ?? language));
  };
  const columns = sheet.headers.map((header, i) => ({
    key: String(i),
    title: header,
    width: WIDTHS[i],
    render: (_: unknown, row: ProtocolCell[]) => row[i],
    className: i === sheet.headers.length - 1 ? 'dms-protocol-values' : undefined,
  }));
  return (
    <Card
      className="dms-wrap-head dms-protocol"
      data-testid="type-protocol"
      title={
        <Space wrap>
          {title}
          <Tag data-testid="type-protocol-version">v{doc.version}</Tag>
        </Space>
      }
      extra={
        <Space wrap className="dms-no-print">
          <Select<string>
            data-testid="type-protocol-alias"
            aria-label={t('typeProtocol.alias')}
            style={{ width: 180 }}
            value={alias}
            options={[
              { value: 'default', label: t('typeProtocol.inUse', { version: doc.current }) },
              ...doc.versions.map((v) => ({ value: `v${v}`, label: t('typeProtocol.version', { version: v }) })),
            ]}
            onChange={(a) => {
              go({ alias: a });
            }}
          />
          <Select<string>
            data-testid="type-protocol-language"
            aria-label={t('typeProtocol.language')}
            style={{ width: 130 }}
            value={language}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={(l) => {
              go({ language: l });
            }}
          />
          <Button
            icon={<PrinterOutlined />}
            data-testid="type-protocol-print"
            onClick={() => {
              window.print();
            }}
          >
            {t('typeProtocol.print')}
          </Button>
          <ExportButton testId="type-protocol-export" body={{ kind: 'type-protocol', filter: { typeId: id, alias, language } }} />
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'name', label: t('typeProtocol.name'), children: doc.name[language] },
          { key: 'kind', label: t('typeConfig.kind'), children: t(`devices.kind.${doc.kind}`) },
          {
            key: 'saved',
            label: t('typeProtocol.saved'),
            children: `${formatTime(doc.savedAt, lang)} · ${doc.savedBy ?? t('typeConfig.release')}`,
          },
        ]}
      />
      <Table<ProtocolCell[]>
        data-testid="type-protocol-table"
        rowKey={(row) => String(row[0])}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={sheet.rows}
        scroll={{ x: WIDTHS.reduce((a, b) => a + b, 0) }}
      />
    </Card>
  );
}
