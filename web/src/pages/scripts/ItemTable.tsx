import { useQuery } from '@tanstack/react-query';
import { Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { api, type ItemOutcome, type ScriptItem, type ScriptName, type ScriptRun } from '@dms/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { boxDeletePath } from './Handoff';
import { OUTCOME_COLOR } from './outcomes';

/** The columns of a script's items: what each names and shows before and after (the script's own words). */
export function useItemColumns(script: ScriptName): TableColumnsType<ScriptItem> {
  const { t } = useI18n();
  return useMemo(
    () => [
      { key: 'seq', title: t('scripts.column.seq'), dataIndex: 'seq', width: 70 },
      { key: 'target', title: t(`scripts.column.${script}.target`), dataIndex: 'target', width: 240, ellipsis: true },
      {
        key: 'before',
        title: t(`scripts.column.${script}.before`),
        dataIndex: 'before',
        width: 160,
        render: (v: string | null) => v ?? '–',
      },
      { key: 'after', title: t(`scripts.column.${script}.after`), dataIndex: 'after', width: 160, render: (v: string | null) => v ?? '–' },
      {
        key: 'outcome',
        title: t('scripts.outcome.label'),
        width: 150,
        render: (_: unknown, r) => (
          <Tag color={OUTCOME_COLOR[r.outcome]} data-testid={`script-item-outcome-${r.seq}`}>
            {t(`scripts.outcome.${r.outcome}`)}
          </Tag>
        ),
      },
      ...(script === 'check-inactive'
        ? [
            {
              key: 'handoff',
              title: '',
              width: 110,
              render: (_: unknown, r: ScriptItem) =>
                r.subject?.boxId === undefined ? null : (
                  <Link to={boxDeletePath(r.subject.boxId)} data-testid={`script-handoff-delete-${r.subject.boxId}`}>
                    {t('scripts.run.deleteBox')}
                  </Link>
                ),
            },
          ]
        : []),
      {
        key: 'message',
        title: t('scripts.column.message'),
        dataIndex: 'message',
        width: 260,
        render: (v: string | null) => (v ? <Typography.Text type="secondary">{v}</Typography.Text> : null),
      },
    ],
    [t, script],
  );
}

/** A run's log: its items in order, paged, filtered by outcome; read again as the run moves on. */
export function ItemTable({ run, outcomes }: { run: ScriptRun; outcomes: readonly ItemOutcome[] }) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [outcome, setOutcome] = useState<ItemOutcome | undefined>(undefined);
  const items = useQuery(
    endpointQuery(api.scripts.items, { params: { id: run.id }, query: { page, page_size: pageSize, ...(outcome ? { outcome } : {}) } }),
  );
  // The log is read again as the run moves on (its progress, its state), keeping the page and filter the user chose.
  const { refetch } = items;
  useEffect(() => {
    void refetch();
  }, [refetch, run.done, run.state]);
  const columns = useItemColumns(run.script);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<ItemOutcome | 'all'>
        data-testid="script-items-outcome"
        style={{ width: 200 }}
        value={outcome ?? 'all'}
        aria-label={t('scripts.outcome.label')}
        options={[
          { value: 'all', label: t('scripts.outcome.all') },
          ...outcomes.map((o) => ({ value: o, label: t(`scripts.outcome.${o}`) })),
        ]}
        onChange={(v) => {
          setOutcome(v === 'all' ? undefined : v);
          setPage(1);
        }}
      />
      <Table<ScriptItem>
        data-testid="script-items"
        size="small"
        rowKey="seq"
        loading={items.isFetching && !items.data}
        columns={columns}
        dataSource={items.data?.items ?? []}
        scroll={{ x: 1040 }}
        pagination={{
          current: page,
          pageSize,
          total: items.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
      />
    </Space>
  );
}
