import {
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  RocketOutlined,
  StopOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Grid, List, Popconfirm, Row, Space, Typography, type TableColumnsType } from 'antd';
import { api, ROLLOUT_STATES, type RolloutRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useLiveEvents } from '@/api/realtime';
import { useSubmit } from '@/components/forms/useSubmit';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { oneOfParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useSoon } from '@/lib/useSoon';
import { useAppState } from '@/settings/app-state';
import { RolloutBoxes } from './RolloutBoxes';
import { RolloutModal } from './RolloutModal';
import { RolloutProgress, RolloutStateTag } from './RolloutState';
import { VersionsChart } from './VersionsChart';

/** The URL keeps the rollouts' state filter (`?state=running`) with the page. */
const ROLLOUT_LIST: ListSpec<{ state: (typeof ROLLOUT_STATES)[number] | undefined }> = { filter: { state: oneOfParam(ROLLOUT_STATES) } };
/** The images offered for a rollout (the newest first). */
const IMAGES_SHOWN = 100;

/**
 * /smartbox/box-software (root; issue 23): the firmware versions the fleet runs (a chart), the firmware images uploaded
 * (each can be rolled out), and the staged rollouts with their progress, live. A rollout's boxes and their states open
 * in a drawer; running ones pause, stopped or paused ones resume, any not ended cancels.
 */
export default function BoxSoftwarePage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(ROLLOUT_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.smartbox.rollouts, { query: { page, page_size: pageSize, ...(filter.state ? { state: filter.state } : {}) } }),
  );
  const versions = useQuery(endpointQuery(api.smartbox.versions));
  const images = useQuery(endpointQuery(api.smartbox.images, { query: { kind: 'firmware', page_size: IMAGES_SHOWN } }));
  const [starting, setStarting] = useState<{ imageId: number | undefined } | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = useQuery({ ...endpointQuery(api.smartbox.rollout, { params: { id: openId ?? 0 } }), enabled: openId !== null });
  const invalidate = useInvalidate();
  const reload = useSoon(
    () =>
      void invalidate([api.smartbox.rollouts, api.smartbox.rollout, api.smartbox.rolloutBoxes, api.smartbox.versions, api.smartbox.images]),
    { delayMs: 300 },
  );
  useLiveEvents(['rollouts'], reload);
  const act = useSubmit(
    async (id: number, action: 'pause' | 'resume' | 'cancel') => {
      await call(api.smartbox.rolloutAction, { params: { id, action } });
    },
    { invalidates: [api.smartbox.rollouts, api.smartbox.rollout, api.smartbox.rolloutBoxes] },
  );

  const columns = useMemo<TableColumnsType<RolloutRow>>(
    () => [
      { key: 'id', title: t('rollouts.list.id'), dataIndex: 'id', width: 60 },
      {
        key: 'image',
        title: t('rollouts.list.image'),
        width: 160,
        render: (_: unknown, r) => `${r.boxType} ${r.version}`,
      },
      {
        key: 'state',
        title: t('rollouts.list.state'),
        width: 150,
        render: (_: unknown, r) => <RolloutStateTag rollout={r} testId={`rollout-state-${r.id}`} />,
      },
      { key: 'progress', title: t('rollouts.list.progress'), width: 210, render: (_: unknown, r) => <RolloutProgress rollout={r} /> },
      {
        key: 'batches',
        title: t('rollouts.list.batches'),
        width: 90,
        ...wideOnly(mobile, 'md'),
        render: (_: unknown, r) => (
          <span data-testid={`rollout-batches-${r.id}`}>
            {t('rollouts.list.batchesOf', { started: r.batchesStarted, total: r.batches })}
          </span>
        ),
      },
      {
        key: 'started',
        title: t('rollouts.list.started'),
        width: 180,
        ...wideOnly(mobile, 'xl'),
        render: (_: unknown, r) => `${formatTime(r.createdAt, lang)} · ${r.createdBy}`,
      },
      {
        key: 'actions',
        title: t('rollouts.list.actions'),
        width: 230,
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Button
              size="small"
              icon={<UnorderedListOutlined />}
              data-testid={`rollout-open-${r.id}`}
              onClick={() => {
                setOpenId(r.id);
              }}
            >
              {t('rollouts.list.details')}
            </Button>
            {r.state === 'running' && (
              <Button
                size="small"
                icon={<PauseCircleOutlined />}
                data-testid={`rollout-pause-${r.id}`}
                onClick={() => void act.run(r.id, 'pause')}
              >
                {t('rollouts.list.pause')}
              </Button>
            )}
            {(r.state === 'paused' || r.state === 'stopped') && (
              <Button
                size="small"
                type="primary"
                icon={<PlayCircleOutlined />}
                data-testid={`rollout-resume-${r.id}`}
                onClick={() => void act.run(r.id, 'resume')}
              >
                {t('rollouts.list.resume')}
              </Button>
            )}
            {(r.state === 'running' || r.state === 'paused' || r.state === 'stopped') && (
              <Popconfirm title={t('rollouts.list.cancelConfirm')} onConfirm={() => void act.run(r.id, 'cancel')}>
                <Button size="small" danger icon={<StopOutlined />} data-testid={`rollout-cancel-${r.id}`}>
                  {t('rollouts.list.cancel')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    [t, lang, mobile, act],
  );
  const firmware = images.data?.items ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('rollouts.versions.title')}>
            <Typography.Paragraph type="secondary">{t('rollouts.help')}</Typography.Paragraph>
            <VersionsChart versions={versions.data ?? []} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('rollouts.images.title')} extra={<Link to="/smartbox/upload">{t('rollouts.images.manage')}</Link>}>
            <List
              size="small"
              data-testid="firmware-images"
              locale={{ emptyText: t('rollouts.images.empty') }}
              dataSource={firmware.slice(0, 6)}
              renderItem={(i) => (
                <List.Item
                  actions={[
                    <Button
                      key="roll"
                      size="small"
                      icon={<RocketOutlined />}
                      data-testid={`image-roll-out-${i.id}`}
                      onClick={() => {
                        setStarting({ imageId: i.id });
                      }}
                    >
                      {t('rollouts.images.rollOut')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={`${i.boxType} ${i.version}`}
                    description={`${i.fileName} · ${t('rollouts.images.running', { count: i.running })}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <ListPage
        title={t('rollouts.list.title')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="rollout-new"
            disabled={firmware.length === 0}
            onClick={() => {
              setStarting({ imageId: undefined });
            }}
          >
            {t('rollouts.list.new')}
          </Button>
        }
        toolbar={
          <Space wrap className="dms-toolbar">
            <ChoiceFilter
              testId="rollouts-state"
              label={t('rollouts.list.state')}
              value={filter.state}
              values={ROLLOUT_STATES}
              all={t('rollouts.list.allStates')}
              labelOf={(s) => t(`rollouts.state.${s}`)}
              onChange={(s) => {
                list.setFilter({ state: s });
              }}
            />
            <RefreshButton onClick={rows.reload} testId="rollouts-reload" />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="rollouts-table"
        rowKey="id"
        scroll={{ x: tableWidth(columns, 0, screens) }}
        showTotal={(total) => t('rollouts.list.total', { total })}
      />
      {starting && (
        <RolloutModal
          images={firmware}
          versions={versions.data ?? []}
          imageId={starting.imageId}
          onClose={(id) => {
            setStarting(null);
            if (id !== null) setOpenId(id);
          }}
        />
      )}
      {open.data && openId !== null && (
        <RolloutBoxes
          rollout={open.data}
          onClose={() => {
            setOpenId(null);
          }}
        />
      )}
    </Space>
  );
}
