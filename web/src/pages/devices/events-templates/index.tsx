import { Alert, Card, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LANGUAGE_NAMES, type ControllerTypeSummary, type Severity } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type HTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '@/i18n';
import { deviceQueries } from '@/features/devices/queries';
import { localized } from '@/features/devices/registers';
import { eventTemplates, languagesFirst, type EventTemplate } from './templates';
import '@/features/devices/devices.css';

const NO_TYPES: ControllerTypeSummary[] = [];

const SEVERITY_COLOR: Record<Severity, string> = { fault: 'red', alert: 'orange', info: 'blue' };

/**
 * /devices/events/templates: the event templates of a controller type, read-only: for each bit of its bit-field
 * registers, the condition (register N bit B set), the event's severity and its text in the four languages (the
 * user's first). The chosen type is kept in the URL (`?type=ID`).
 */
export default function EventTemplatesPage() {
  const { t, lang } = useI18n();
  const [params, setParams] = useSearchParams();
  const types = useQuery(deviceQueries.controllerTypes()).data ?? NO_TYPES;
  const wanted = Number(params.get('type'));
  const typeId = types.some((ty) => ty.id === wanted) ? wanted : (types[0]?.id ?? null);
  const type = useQuery({ ...deviceQueries.controllerType(typeId ?? 0), enabled: typeId !== null });
  const detail = type.data ?? null;
  const loading = type.isFetching;

  const rows = useMemo(() => (detail && detail.id === typeId ? eventTemplates(detail) : []), [detail, typeId]);
  const order = languagesFirst(lang);

  const columns = useMemo<TableColumnsType<EventTemplate>>(
    () => [
      {
        key: 'condition',
        title: t('devices.templates.condition'),
        width: 260,
        render: (_: unknown, r: EventTemplate) => (
          <div>
            <div>{t('devices.templates.conditionText', { register: r.register, bit: r.bit })}</div>
            <Typography.Text type="secondary">{localized(r.registerName, lang)}</Typography.Text>
          </div>
        ),
      },
      {
        key: 'severity',
        title: t('devices.templates.severity'),
        dataIndex: 'severity',
        width: 110,
        render: (s: Severity) => (
          <Tag color={SEVERITY_COLOR[s]} data-severity={s}>
            {t(`devices.templates.severities.${s}`)}
          </Tag>
        ),
      },
      {
        key: 'text',
        title: t('devices.templates.text'),
        render: (_: unknown, r: EventTemplate) => (
          <ul className="dms-templates-texts">
            {order.map((l) => (
              <li key={l} lang={l}>
                <Typography.Text type="secondary">{LANGUAGE_NAMES[l]}: </Typography.Text>
                {r.text[l]}
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [t, lang, order],
  );

  return (
    <Card title={t('devices.route.eventTemplates')} data-testid="event-templates">
      <Alert type="info" showIcon title={t('devices.templates.note')} style={{ marginBottom: 16 }} />
      <div className="dms-templates-toolbar">
        {/* The label and the type share the card's width: the type (360 px at most) narrows to fit a phone. */}
        <Flex wrap align="center" gap={8} style={{ minWidth: 0, maxWidth: '100%' }}>
          <Typography.Text>{t('devices.templates.type')}</Typography.Text>
          <Select<number>
            className="dms-templates-type"
            placeholder={t('devices.templates.pick')}
            aria-label={t('devices.templates.type')}
            value={typeId ?? undefined}
            onChange={(id) => {
              setParams({ type: String(id) }, { replace: true });
            }}
            options={types.map((ty) => ({
              value: ty.id,
              label: (
                <span data-code={ty.code}>
                  {localized(ty.name, lang)}
                  {ty.builtin ? ` · ${t('devices.templates.builtin')}` : ''}
                </span>
              ),
            }))}
            data-testid="templates-type"
          />
        </Flex>
        <Typography.Text type="secondary" data-testid="templates-count">
          {t('devices.templates.count', { count: rows.length })}
        </Typography.Text>
      </div>
      <Table<EventTemplate>
        rowKey={(r) => `${r.register}-${r.bit}`}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('devices.templates.empty') }}
        onRow={(r) => ({ 'data-template': `${r.register}-${r.bit}`, 'data-severity': r.severity }) as HTMLAttributes<HTMLElement>}
        data-testid="templates-table"
      />
    </Card>
  );
}
