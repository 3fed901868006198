import { Button, Drawer, Empty, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { api, SCRIPT_NAMES, SCRIPT_RUN_STATES, type ScriptName, type ScriptRun, type ScriptRunState } from '@dms/contract';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/call';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { oneOfParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { STATE_COLOR } from '../outcomes';
import { OutcomeTags, RunPanel } from '../RunPanel';

interface RunFilter {
  script: ScriptName | undefined;
  state: ScriptRunState | undefined;
}

const RUN_LIST: ListSpec<RunFilter> = { filter: { script: oneOfParam(SCRIPT_NAMES), state: oneOfParam(SCRIPT_RUN_STATES) } };

/**
 * /scripts/scripts-list (root; issue 24): every script run, newest first: which script, who ran it and when, its
 * inputs, state and counts. A run opens in a drawer with its progress, log, .xlsx and undo. docs/scripts.md.
 */
export default function ScriptsListPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const list = useListParams(RUN_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.scripts.runs, {
      query: {
        page,
        page_size: pageSize,
        ...(filter.script ? { script: filter.script } : {}),
        ...(filter.state ? { state: filter.state } : {}),
      },
    }),
  );
  const [open, setOpen] = useState<number | null>(null);

  const columns = useMemo<TableColumnsType<ScriptRun>>(
    () => [
      { key: 'id', title: '#', dataIndex: 'id', width: 70 },
      {
        key: 'script',
        title: t('scripts.list.script'),
        width: 200,
        render: (_: unknown, r) => (
          <Button
            type="link"
            size="small"
            onClick={() => {
              setOpen(r.id);
            }}
            data-testid={`script-open-${r.id}`}
          >
            {t(`scripts.name.${r.script}`)}
          </Button>
        ),
      },
      { key: 'time', title: t('scripts.list.time'), width: 180, render: (_: unknown, r) => formatTime(r.startedAt ?? r.createdAt, lang) },
      { key: 'user', title: t('scripts.list.user'), dataIndex: 'username', width: 140 },
      {
        key: 'state',
        title: t('scripts.list.state'),
        width: 170,
        render: (_: unknown, r) => <Tag color={STATE_COLOR[r.state]}>{t(`scripts.run.state.${r.state}`)}</Tag>,
      },
      { key: 'counts', title: t('scripts.list.counts'), width: 320, render: (_: unknown, r) => <OutcomeTags run={r} /> },
    ],
    [t, lang],
  );

  return (
    <div data-testid="scripts-list-page">
      <ListPage
        title={t('scripts.list.title')}
        extra={<RefreshButton onClick={rows.reload} testId="scripts-reload" />}
        toolbar={
          <>
            <Typography.Paragraph type="secondary">{t('scripts.list.help')}</Typography.Paragraph>
            <Space wrap className="dms-toolbar">
              <ChoiceFilter
                testId="scripts-filter-script"
                label={t('scripts.list.script')}
                all={t('scripts.list.allScripts')}
                width={220}
                value={filter.script}
                values={SCRIPT_NAMES}
                labelOf={(s) => t(`scripts.name.${s}`)}
                onChange={(script) => {
                  list.setFilter({ script });
                }}
              />
              <ChoiceFilter
                testId="scripts-filter-state"
                label={t('scripts.list.state')}
                all={t('scripts.list.allStates')}
                width={200}
                value={filter.state}
                values={SCRIPT_RUN_STATES.filter((s) => s !== 'preview')}
                labelOf={(s) => t(`scripts.run.state.${s}`)}
                onChange={(state) => {
                  list.setFilter({ state });
                }}
              />
            </Space>
          </>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="scripts-table"
        rowKey="id"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scripts.list.empty')} /> }}
        scroll={{ x: tableWidth(columns) }}
        showTotal={(total) => t('scripts.list.total', { total })}
      />
      <Drawer
        open={open !== null}
        onClose={() => {
          setOpen(null);
        }}
        size={mobile ? '100%' : 960}
        destroyOnHidden
        title={t('scripts.list.title')}
      >
        {open !== null && <RunPanel id={open} />}
      </Drawer>
    </div>
  );
}
