import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { api, canAccess, type DeviceDetail } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { endpointQuery } from '@/api/call';
import { useRoles } from '@/auth/session';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { EventActions } from './EventActions';
import { SeverityTag } from './SeverityTag';

/** How many of a device's events its page shows (in progress first, then the newest). */
const SHOWN = 5;

/**
 * A device's rule events on its page (issue 21): in progress first, then the newest, each with its rule, text, times
 * and acknowledgement; whoever reads the device's data acknowledges and comments here. Someone from whom the values are
 * hidden sees that an event exists, its rule, severity and times, and "values withheld"; who may manage the events
 * (root) also assigns them here. Read again when the device's status moves (an event starting or ending moves it).
 */
export function DeviceEvents({ device }: { device: Pick<DeviceDetail, 'boxId' | 'controller' | 'status' | 'reach'> }) {
  const { t, lang } = useI18n();
  const query = useQuery(
    endpointQuery(api.events.deviceEvents, {
      params: { boxId: device.boxId, controller: device.controller },
      query: { page: 1, page_size: SHOWN },
    }),
  );
  const canAssign = canAccess(useRoles(), 'events');
  const { refetch } = query;
  // Read again when the status moves after the first read (not at mount: the query has just read it).
  const status = useRef(device.status);
  useEffect(() => {
    if (status.current === device.status) return;
    status.current = device.status;
    void refetch();
  }, [device.status, refetch]);
  const page = query.data;
  return (
    <Card
      size="small"
      title={t('eventActions.deviceTitle')}
      extra={
        page && page.total > 0 ? (
          <Typography.Text type="secondary">{t('eventActions.deviceCount', { count: page.total })}</Typography.Text>
        ) : null
      }
      data-testid="device-events"
    >
      {page && page.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('eventActions.deviceNone')} />
      ) : (
        <List
          loading={query.isPending}
          dataSource={page?.items ?? []}
          rowKey="id"
          renderItem={(e) => (
            <List.Item
              data-testid={`device-event-${e.id}`}
              data-state={e.endedAt === null ? 'active' : 'ended'}
              actions={device.reach.data && !e.withheld ? [<EventActions key="actions" event={e} canAssign={canAssign} />] : []}
            >
              <Space orientation="vertical" size={2} style={{ minWidth: 0 }}>
                <Space wrap size={6}>
                  <SeverityTag severity={e.severity} />
                  <Typography.Text strong>{e.ruleName}</Typography.Text>
                  {e.endedAt === null ? <Tag color="processing">{t('eventActions.inProgress')}</Tag> : null}
                  {e.ackBy !== null ? <Tag>{t('eventActions.ackedBy', { user: e.ackBy })}</Tag> : null}
                </Space>
                <Typography.Text type={e.withheld ? 'secondary' : undefined} data-testid={`device-event-text-${e.id}`}>
                  {e.withheld ? t('eventActions.withheld') : e.text}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {e.endedAt === null
                    ? t('eventActions.since', { time: formatTime(e.startedAt, lang) })
                    : t('eventActions.between', { from: formatTime(e.startedAt, lang), to: formatTime(e.endedAt, lang) })}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
