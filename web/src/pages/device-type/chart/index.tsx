import { Alert, App, Grid, Select, Space, Switch, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, CHART_KINDS, MAGLEV_CHART_KINDS, type ChartKind, type TypeChartsRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { TYPE_LIST, TypeListToolbar, typeListQuery } from '@/pages/device-type/type-list';

/** The reads a type's charts change: this list, the device pages that link to them and draw them, and the chart lists. */
const CHART_READS = [api.controllerTypes.charts, api.devices.detail, api.charts.ofDevice, api.charts.list];

/** What a save changes: a chart kind switched, or the charts of chart management chosen (in order). */
type Change = { chart: ChartKind; on: boolean } | { definitions: number[] };

/**
 * /device-type/chart (root; issue 20): which charts each controller type's devices show, a switch per type and chart:
 * the history curves, the k-line, and for maglev blower types their charts and operating region. A device's page and
 * its history pages link to the charts its type shows; its page draws the gauge, stacked and stop-status charts of
 * chart management chosen for it (issue 21), in their order. A change saves at once (logged with the old and the new
 * choice); while a type's save runs its controls wait, so a second click builds on the first.
 */
export default function TypeChartsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const list = useListParams(TYPE_LIST);
  const rows = usePagedQuery(endpointQuery(api.controllerTypes.charts, { query: typeListQuery(list.params) }));
  const [saving, setSaving] = useState<{ id: number; chart: ChartKind | 'definitions' } | null>(null);
  const save = useSubmit(
    async (row: TypeChartsRow, change: Change) => {
      setSaving({ id: row.id, chart: 'chart' in change ? change.chart : 'definitions' });
      try {
        const charts =
          'chart' in change ? (change.on ? [...row.charts, change.chart] : row.charts.filter((c) => c !== change.chart)) : row.charts;
        const definitions = 'definitions' in change ? change.definitions : row.definitions.map((d) => d.id);
        await call(api.controllerTypes.saveCharts, { params: { id: row.id }, body: { charts, definitions } });
        void message.success(t('typeCharts.saved', { code: row.code }));
      } finally {
        setSaving(null);
      }
    },
    { invalidates: CHART_READS },
  );
  const { run } = save;

  const columns = useMemo<TableColumnsType<TypeChartsRow>>(
    () => [
      {
        key: 'code',
        title: t('typeCharts.type'),
        width: 240,
        fixed: screens.md ? 'left' : undefined,
        render: (_: unknown, r) => (
          <Space orientation="vertical" size={0}>
            <span>{r.name[lang]}</span>
            <Typography.Text type="secondary">{r.code}</Typography.Text>
          </Space>
        ),
      },
      { key: 'kind', title: t('typeConfig.kind'), width: 130, render: (_: unknown, r) => t(`devices.kind.${r.kind}`) },
      { key: 'devices', title: t('typeCharts.devices'), width: 100, dataIndex: 'devices' },
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
              disabled={maglevOnly || saving?.id === r.id}
              loading={saving?.id === r.id && saving.chart === chart}
              onChange={(on) => {
                void run(r, { chart, on });
              }}
            />
          );
          return maglevOnly ? <Tooltip title={t('typeCharts.maglevOnly')}>{control}</Tooltip> : control;
        },
      })),
      {
        key: 'definitions',
        title: (
          <Tooltip title={t('typeCharts.definitionsHelp')}>
            <span>{t('typeCharts.definitions')}</span>
          </Tooltip>
        ),
        width: 320,
        render: (_: unknown, r: TypeChartsRow) => (
          <DefinitionsSelect
            row={r}
            busy={saving?.id === r.id}
            onChange={(definitions) => {
              void run(r, { definitions });
            }}
          />
        ),
      },
    ],
    [t, lang, saving, run, screens.md],
  );

  return (
    <ListPage
      title={t('deviceType.route.chart')}
      extra={<RefreshButton onClick={rows.reload} testId="type-charts-reload" />}
      toolbar={
        <Space orientation="vertical" style={{ display: 'flex' }}>
          <Typography.Paragraph type="secondary">{t('typeCharts.help')}</Typography.Paragraph>
          <TypeListToolbar list={list} testId="type-charts" />
          {save.error && (
            <Alert type="error" showIcon title={save.error} closable={{ onClose: save.clearError }} data-testid="type-charts-error" />
          )}
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="type-charts-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns, 120, screens) }}
      showTotal={(total) => t('typeConfig.total', { total })}
    />
  );
}

/**
 * The charts of chart management a type's device pages show, in the order chosen: the type's charts are read when
 * the list opens (the chosen ones are named from the row meanwhile).
 */
function DefinitionsSelect({ row, busy, onChange }: { row: TypeChartsRow; busy: boolean; onChange: (ids: number[]) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const own = useQuery({ ...endpointQuery(api.charts.list, { query: { typeId: row.id, page_size: 200 } }), enabled: open });
  const kindName = (kind: TypeChartsRow['definitions'][number]['kind']) => t(`typeCharts.kinds.${kind}`);
  const options = [...row.definitions, ...(own.data?.items ?? []).filter((c) => !row.definitions.some((d) => d.id === c.id))].map((c) => ({
    value: c.id,
    label: `${c.name} · ${kindName(c.kind)}`,
  }));
  return (
    <Select<number[]>
      mode="multiple"
      size="small"
      style={{ width: '100%' }}
      data-testid={`type-charts-${row.code}-definitions`}
      aria-label={`${row.code}: ${t('typeCharts.definitions')}`}
      placeholder={t('typeCharts.definitionsNone')}
      loading={busy || own.isFetching}
      disabled={busy}
      value={row.definitions.map((d) => d.id)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      onOpenChange={setOpen}
      onChange={onChange}
    />
  );
}
