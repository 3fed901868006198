import { Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, MOVE_STATES, OPEN_MOVE_STATES, type MoveRow, type MoveState } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useLiveEvents } from '@/api/realtime';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useSoon } from '@/lib/useSoon';

/** How often the list asks again while a move is open. */
const POLL_OPEN_MS = 3000;

const COLOR: Record<MoveState, string> = {
  queued: 'default',
  sent: 'processing',
  accepted: 'processing',
  arrived: 'success',
  reverted: 'warning',
  failed: 'error',
};

/**
 * The moves (root), newest first, filtered by state and box, each with the address it came from and goes to, its
 * state (and why it did not arrive), followed live (the WebSocket's `boxMoves` event reloads it). Kept by the page.
 */
export function MoveList() {
  const { t, lang } = useI18n();
  const list = useListState<{ state: MoveState | undefined; boxId: number | undefined }>({ state: undefined, boxId: undefined });
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery({
    ...endpointQuery(api.smartbox.moves, {
      query: {
        ...(filter.state ? { state: filter.state } : {}),
        ...(filter.boxId === undefined ? {} : { boxId: filter.boxId }),
        page,
        page_size: pageSize,
      },
    }),
    // This instance's moves are heard live; another instance of the group moves a box on without telling this one
    // (its events stay on its own bus), so while a move is open the list also asks again.
    refetchInterval: (q) => (OPEN_MOVE_STATES.some((s) => (q.state.data?.counts[s] ?? 0) > 0) ? POLL_OPEN_MS : false),
  });
  const invalidate = useInvalidate();
  const reload = useSoon(() => void invalidate([api.smartbox.moves, api.smartbox.serverIps]), { delayMs: 300 });
  useLiveEvents(['boxMoves'], reload);
  const counts = rows.answer?.counts;

  const columns = useMemo<TableColumnsType<MoveRow>>(
    () => [
      { key: 'box', title: t('moves.list.box'), width: 130, render: (_: unknown, r) => <Link to={boxPath(r.boxId)}>{r.boxId}</Link> },
      { key: 'from', title: t('moves.list.from'), width: 190, render: (_: unknown, r) => r.from ?? t('moves.list.unknown') },
      { key: 'to', title: t('moves.list.to'), dataIndex: 'to', width: 190 },
      {
        key: 'state',
        title: t('moves.list.state'),
        width: 260,
        render: (_: unknown, r) => (
          <span data-testid={`move-state-${r.boxId}`} data-state={r.state}>
            <Tag color={COLOR[r.state]}>{t(`moves.list.states.${r.state}`)}</Tag>
            {r.reason && <Typography.Text type="secondary">{t(`moves.list.reasons.${r.reason}`)}</Typography.Text>}
          </span>
        ),
      },
      {
        key: 'started',
        title: t('moves.list.started'),
        width: 180,
        render: (_: unknown, r) => (
          <Tooltip title={r.createdBy}>
            <span>{formatTime(r.createdAt, lang)}</span>
          </Tooltip>
        ),
      },
      {
        key: 'ended',
        title: t('moves.list.ended'),
        width: 180,
        render: (_: unknown, r) => (r.finishedAt ? formatTime(r.finishedAt, lang) : '—'),
      },
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('moves.list.title')}
      extra={<RefreshButton onClick={rows.reload} testId="moves-reload" />}
      toolbar={
        <div className="dms-toolbar">
          <ChoiceFilter<MoveState>
            testId="moves-filter-state"
            label={t('moves.list.state')}
            all={t('moves.list.allStates')}
            value={filter.state}
            values={MOVE_STATES}
            labelOf={(s) => `${t(`moves.list.states.${s}`)}${counts ? ` (${counts[s]})` : ''}`}
            onChange={(state) => {
              list.setFilter({ state });
            }}
          />
          <BoxIdFilter
            testId="moves-filter-box"
            label={t('moves.list.boxFilter')}
            value={filter.boxId}
            onChange={(boxId) => {
              list.setFilter({ boxId });
            }}
          />
        </div>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="moves-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns) }}
      showTotal={(total) => t('moves.list.total', { total })}
    />
  );
}
