import { App, Card, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, CHART_KINDS, MAGLEV_CHART_KINDS, RESERVED_CHART_KINDS, type ChartKind, type TypeChartsRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useI18n } from '@/i18n';

const NO_ROWS: TypeChartsRow[] = [];

/**
 * /device-type/chart (root; issue 20): which charts each controller type's devices show, a switch per type and chart:
 * the history curves, the k-line, and for maglev blower types their charts and operating region. A device's page and
 * its history pages link to the charts its type shows. The gauge, stacked and stop-status charts of chart management
 * have their columns, not yet to be chosen. A switch saves at once (logged with the old and the new choice).
 */
export default function TypeChartsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const query = useQuery(endpointQuery(api.controllerTypes.charts));
  const rows = query.data ?? NO_ROWS;
  const [saving, setSaving] = useState<string | null>(null);

  const columns = useMemo<TableColumnsType<TypeChartsRow>>(() => {
    const toggle = async (row: TypeChartsRow, chart: ChartKind, on: boolean) => {
      setSaving(`${row.id}:${chart}`);
      try {
        const charts = on ? [...row.charts, chart] : row.charts.filter((c) => c !== chart);
        await call(api.controllerTypes.saveCharts, { params: { id: row.id }, body: { charts } });
        void message.success(t('typeCharts.saved', { code: row.code }));
        await invalidate([api.controllerTypes.charts, api.devices.detail]);
      } finally {
        setSaving(null);
      }
    };
    return [
      {
        key: 'type',
        title: t('typeCharts.type'),
        width: 240,
        fixed: 'left',
        render: (_: unknown, r) => (
          <Space orientation="vertical" size={0}>
            <span>{r.name[lang]}</span>
            <Typography.Text type="secondary">{r.code}</Typography.Text>
          </Space>
        ),
      },
      { key: 'kind', title: t('typeConfig.kind'), width: 130, render: (_: unknown, r) => t(`devices.kind.${r.kind}`) },
      { key: 'devices', title: t('typeCharts.devices'), width: 90, dataIndex: 'devices' },
      ...CHART_KINDS.map((chart) => ({
        key: chart,
        title: t(`typeCharts.kinds.${chart}`),
        width: 130,
        render: (_: unknown, r: TypeChartsRow) => {
          const maglevOnly = r.kind !== 'maglev' && MAGLEV_CHART_KINDS.includes(chart);
          const control = (
            <Switch
              size="small"
              data-testid={`type-charts-${r.code}-${chart}`}
              aria-label={`${r.code}: ${t(`typeCharts.kinds.${chart}`)}`}
              checked={r.charts.includes(chart)}
              disabled={maglevOnly}
              loading={saving === `${r.id}:${chart}`}
              onChange={(on) => {
                void toggle(r, chart, on);
              }}
            />
          );
          return maglevOnly ? <Tooltip title={t('typeCharts.maglevOnly')}>{control}</Tooltip> : control;
        },
      })),
      ...RESERVED_CHART_KINDS.map((chart) => ({
        key: chart,
        title: (
          <Tooltip title={t('typeCharts.reserved')}>
            <span>
              {t(`typeCharts.kinds.${chart}`)} <Tag>{t('typeCharts.soon')}</Tag>
            </span>
          </Tooltip>
        ),
        width: 150,
        render: () => <Switch size="small" disabled checked={false} aria-label={t(`typeCharts.kinds.${chart}`)} />,
      })),
    ];
  }, [t, lang, saving, message, invalidate]);

  return (
    <Card title={t('deviceType.route.chart')} data-testid="type-charts">
      <Typography.Paragraph type="secondary">{t('typeCharts.help')}</Typography.Paragraph>
      <Table<TypeChartsRow>
        data-testid="type-charts-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching && rows.length === 0}
        pagination={false}
        scroll={{ x: columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0) }}
      />
    </Card>
  );
}
