import { PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, type ChartDefinitionKind, type ChartDetail, type ChartListQuery, type RegisterDef } from '@dms/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { CopyRowButton } from '@/components/list-page/CopyRowButton';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { idParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n, type TKey } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { ChartPreview } from '../ChartPreview';
import { CHART_ADD_PATH, chartEditPath } from '../paths';
import { CHART_READS, chartQueries } from '../queries';
import { chartWords } from '../words';

interface ChartFilter {
  q: string | undefined;
  typeId: number | undefined;
}

/** The URL keeps the search and the type (`?q=press&typeId=3`) with the page. */
const CHART_LIST: ListSpec<ChartFilter> = { filter: { q: textParam(64), typeId: idParam() } };

const listQuery = (kind: ChartDefinitionKind, { filter, page, pageSize }: ListParams<ChartFilter>): ChartListQuery => ({
  kind,
  ...(filter.q ? { q: filter.q } : {}),
  ...(filter.typeId ? { typeId: filter.typeId } : {}),
  page,
  page_size: pageSize,
});

const TITLE: Record<ChartDefinitionKind, TKey> = {
  gauge: 'chartsManage.route.gauges',
  stacked: 'chartsManage.route.stacked',
  'stop-status': 'chartsManage.route.stopStatus',
};

const NO_REGISTERS: RegisterDef[] = [];
const registerLists = (results: ReadonlyArray<{ data?: { registers: RegisterDef[] } | undefined }>) =>
  results.map((r) => r.data?.registers ?? NO_REGISTERS);

/**
 * A kind's charts (/chartsManage/gauge-charts, stacked-charts, stop-status; root; issue 21): searched by name and
 * filtered by type, each with what it shows in words and the types that show it; opened in the form, copied (shown
 * nowhere), previewed live on a device of its type, or deleted (refused while a type shows it, naming the types).
 */
export function ChartList({ kind }: { kind: ChartDefinitionKind }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(CHART_LIST);
  const rows = usePagedQuery(endpointQuery(api.charts.list, { query: listQuery(kind, list.params) }));
  const types = useQuery(chartQueries.types());
  const onPage = rows.data.items.length;
  const [previewing, setPreviewing] = useState<ChartDetail | null>(null);

  // The registers of the types on this page, for what each chart shows in words.
  const typeIds = useMemo(() => [...new Set(rows.data.items.map((r) => r.typeId))].sort((a, b) => a - b), [rows.data.items]);
  const maps = useQueries({ queries: typeIds.map((id) => chartQueries.typeRegisters(id)), combine: registerLists });
  const registersByType = useMemo(() => new Map(typeIds.map((id, i) => [id, maps[i] ?? NO_REGISTERS])), [typeIds, maps]);

  const columns = useMemo<TableColumnsType<ChartDetail>>(
    () => [
      {
        key: 'name',
        title: t('chartsManage.list.column.name'),
        width: 200,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => (
          <Link to={chartEditPath(r.kind, r.id)} data-testid={`chart-name-${r.id}`}>
            {r.name}
          </Link>
        ),
      },
      {
        key: 'type',
        title: t('chartsManage.list.column.type'),
        width: 180,
        ellipsis: true,
        render: (_: unknown, r) => r.typeName?.[lang] ?? t('chartsManage.list.unknownType', { id: r.typeId }),
      },
      {
        key: 'details',
        title: t('chartsManage.list.column.details'),
        width: 320,
        render: (_: unknown, r) => (
          <span data-testid={`chart-words-${r.id}`}>
            {chartWords(r.definition, { t, lang, registers: registersByType.get(r.typeId) ?? NO_REGISTERS })}
          </span>
        ),
      },
      {
        key: 'usedBy',
        title: (
          <Tooltip title={t('chartsManage.list.usedByHint')}>
            <span>{t('chartsManage.list.column.usedBy')}</span>
          </Tooltip>
        ),
        width: 180,
        render: (_: unknown, r) => (
          <span data-testid={`chart-used-${r.id}`} data-used={r.usedBy.length}>
            {r.usedBy.length === 0 ? (
              <Typography.Text type="secondary">{t('chartsManage.list.notShown')}</Typography.Text>
            ) : (
              r.usedBy.map((u) => (
                <Tag key={u.typeId} color="blue">
                  {u.typeName[lang]}
                </Tag>
              ))
            )}
          </span>
        ),
      },
      {
        key: 'updated',
        title: t('chartsManage.list.column.updated'),
        width: 200,
        ...wideOnly(mobile, 'xl'),
        render: (_: unknown, r) => (
          <Space orientation="vertical" size={0}>
            <span>{formatTime(r.updatedAt, lang)}</span>
            <Typography.Text type="secondary">{r.updatedBy}</Typography.Text>
          </Space>
        ),
      },
      {
        key: 'actions',
        title: t('chartsManage.list.column.actions'),
        width: 250,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Button
              type="link"
              size="small"
              data-testid={`chart-edit-${r.id}`}
              onClick={() => {
                void navigate(chartEditPath(r.kind, r.id));
              }}
            >
              {t('chartsManage.list.edit')}
            </Button>
            <CopyRowButton
              label={t('chartsManage.list.copy')}
              testId={`chart-copy-${r.id}`}
              copy={() => call(api.charts.copy, { params: { id: r.id } })}
              copied={(name) => t('chartsManage.list.copied', { name })}
              invalidates={CHART_READS}
            />
            <Button
              type="link"
              size="small"
              data-testid={`chart-preview-${r.id}`}
              onClick={() => {
                setPreviewing(r);
              }}
            >
              {t('chartsManage.list.preview')}
            </Button>
            <DeleteRowButton
              confirm={t('chartsManage.list.deleteConfirm', { name: r.name })}
              label={t('chartsManage.list.delete')}
              testId={`chart-delete-${r.id}`}
              okTestId="chart-delete-ok"
              remove={() => call(api.charts.remove, { params: { id: r.id } })}
              deleted={t('chartsManage.list.deleted', { name: r.name })}
              invalidates={CHART_READS}
              list={list}
              rowsOnPage={onPage}
            />
          </Space>
        ),
      },
    ],
    [t, lang, mobile, list, onPage, registersByType, navigate],
  );

  return (
    <>
      <ListPage
        title={t(TITLE[kind])}
        extra={
          <Space wrap>
            <RefreshButton onClick={rows.reload} testId="charts-reload" />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="chart-add"
              onClick={() => {
                void navigate(CHART_ADD_PATH[kind]);
              }}
            >
              {t('chartsManage.list.add')}
            </Button>
          </Space>
        }
        toolbar={
          <Space wrap className="dms-toolbar">
            <QuerySearch list={list} label={t('chartsManage.list.search')} testId="charts-search" />
            <Select<number>
              data-testid="charts-type"
              aria-label={t('chartsManage.list.column.type')}
              style={{ width: 240 }}
              loading={types.isPending}
              value={list.params.filter.typeId ?? 0}
              showSearch={{ optionFilterProp: 'label' }}
              options={[
                { value: 0, label: t('chartsManage.list.allTypes') },
                ...(types.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.name[lang]} (${ty.code})` })),
              ]}
              onChange={(value) => {
                list.setFilter({ typeId: value === 0 ? undefined : value });
              }}
            />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="charts-table"
        rowKey="id"
        scroll={{ x: tableWidth(columns, 120, screens) }}
        showTotal={(total) => t('chartsManage.list.total', { total })}
      />
      <Drawer
        open={previewing !== null}
        title={previewing?.name}
        size={mobile ? 'default' : 'large'}
        onClose={() => {
          setPreviewing(null);
        }}
        destroyOnHidden
        data-testid="chart-preview-drawer"
      >
        {previewing && (
          <ChartPreview chartId={previewing.id} definition={previewing.definition} typeId={previewing.typeId} testId="chart-preview" />
        )}
      </Drawer>
    </>
  );
}
