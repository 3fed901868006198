import { Descriptions, Drawer, Grid, Space, Tag, type TableColumnsType } from 'antd';
import { api, ROLLOUT_BOX_STATES, type CommandFailReason, type RolloutBoxRow, type RolloutBoxState, type RolloutRow } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/call';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { ListPage } from '@/components/list-page/ListPage';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { CommandStateTag } from '@/features/box-commands/CommandState';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { RolloutProgress, RolloutStateTag } from './RolloutState';

/** A box's state in a rollout: waiting for its batch, else its firmware command's (done reads "Updated"). */
function BoxState({ row }: { row: RolloutBoxRow }) {
  const { t, lang } = useI18n();
  if (row.state === 'waiting')
    return (
      <Tag data-testid={`rollout-box-state-${row.boxId}`} data-state="waiting">
        {t('rollouts.box.waiting')}
      </Tag>
    );
  if (row.state === 'done')
    return (
      <Tag color="success" data-testid={`rollout-box-state-${row.boxId}`} data-state="done">
        {t('rollouts.box.updated')}
      </Tag>
    );
  return (
    <CommandStateTag
      state={row.state}
      reason={row.reason as CommandFailReason | null}
      since={row.updatedAt === null ? undefined : formatTime(row.updatedAt, lang)}
      testId={`rollout-box-state-${row.boxId}`}
    />
  );
}

/** One rollout: how it was set, where it stands, and each of its boxes with its batch and state (live, paged, by state). */
export function RolloutBoxes({ rollout, onClose }: { rollout: RolloutRow; onClose: () => void }) {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListState<{ state: RolloutBoxState | undefined }>({ state: undefined });
  const { filter, page, pageSize } = list.params;
  const boxes = usePagedQuery(
    endpointQuery(api.smartbox.rolloutBoxes, {
      params: { id: rollout.id },
      query: { page, page_size: pageSize, ...(filter.state ? { state: filter.state } : {}) },
    }),
  );
  const columns = useMemo<TableColumnsType<RolloutBoxRow>>(
    () => [
      {
        key: 'box',
        title: t('rollouts.boxes.box'),
        width: 110,
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={boxPath(r.boxId)}>{r.boxId}</Link>
            {!r.online && <Tag>{t('rollouts.versions.offline')}</Tag>}
          </Space>
        ),
      },
      {
        key: 'batch',
        title: t('rollouts.boxes.batch'),
        width: 90,
        render: (_: unknown, r) => (r.batch === 0 ? '—' : r.batch === 1 ? `1 (${t('rollouts.boxes.canary')})` : r.batch),
      },
      { key: 'state', title: t('rollouts.boxes.state'), width: 240, render: (_: unknown, r) => <BoxState row={r} /> },
      { key: 'version', title: t('rollouts.boxes.version'), width: 100, render: (_: unknown, r) => r.version ?? '—' },
      ...(mobile
        ? []
        : [
            {
              key: 'updated',
              title: t('rollouts.boxes.updatedAt'),
              width: 170,
              render: (_: unknown, r: RolloutBoxRow) => (r.updatedAt === null ? '—' : formatTime(r.updatedAt, lang)),
            },
          ]),
    ],
    [t, lang, mobile],
  );
  const chosen = rollout.filter;
  const filterText = [
    chosen.versions && `${t('rollouts.form.versions')}: ${chosen.versions.map((v) => v || t('rollouts.form.neverReported')).join(', ')}`,
    chosen.ck && `${t('rollouts.form.ck')}: ${chosen.ck}`,
    chosen.region && `${t('rollouts.form.region')}: ${chosen.region}`,
    chosen.boxIds && `${t('rollouts.form.boxIds')}: ${chosen.boxIds.join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Drawer
      open
      size={screens.md ? 760 : '100%'}
      title={t('rollouts.boxes.title', { id: rollout.id, boxType: rollout.boxType, version: rollout.version })}
      onClose={onClose}
      data-testid="rollout-drawer"
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions size="small" column={1} bordered title={t('rollouts.boxes.summary')}>
          <Descriptions.Item label={t('rollouts.list.state')}>
            <RolloutStateTag rollout={rollout} testId="rollout-drawer-state" />
          </Descriptions.Item>
          <Descriptions.Item label={t('rollouts.list.progress')}>
            <RolloutProgress rollout={rollout} />
          </Descriptions.Item>
          <Descriptions.Item label={t('rollouts.list.batches')}>
            {t('rollouts.list.batchesOf', { started: rollout.batchesStarted, total: rollout.batches })}
          </Descriptions.Item>
          <Descriptions.Item label={t('rollouts.boxes.filter')}>{filterText || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('rollouts.boxes.settingsLabel')}>
            {t('rollouts.boxes.settings', {
              canary: rollout.canary,
              batchSize: rollout.batchSize,
              pace: rollout.paceSeconds,
              maxFailures: rollout.maxFailures,
            })}
          </Descriptions.Item>
        </Descriptions>
        <ListPage
          toolbar={
            <Space wrap className="dms-toolbar">
              <ChoiceFilter
                testId="rollout-box-filter"
                label={t('rollouts.boxes.state')}
                width={220}
                value={filter.state}
                values={ROLLOUT_BOX_STATES}
                all={t('rollouts.list.allStates')}
                labelOf={(s) =>
                  s === 'waiting' ? t('rollouts.box.waiting') : s === 'done' ? t('rollouts.box.updated') : t(`boxCommands.state.${s}`)
                }
                onChange={(s) => {
                  list.setFilter({ state: s });
                }}
              />
            </Space>
          }
          list={list}
          page={boxes}
          columns={columns}
          size="small"
          rowKey="boxId"
          data-testid="rollout-boxes"
          scroll={{ x: 520 }}
          showTotal={(total) => t('rollouts.boxes.total', { total })}
        />
      </Space>
    </Drawer>
  );
}
