import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Descriptions, Empty, Result, Skeleton, Table, Typography } from 'antd';
import type { BoxConnectionRow, DeviceSummary, IpChangeRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { useDeviceEvents } from '@/api/realtime';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { deviceQueries } from '@/features/devices/queries';
import { parseBoxId } from '@/features/devices/params';
import { useLoadFailure } from '@/features/devices/useLoadFailure';
import { CardHistory } from '@/features/iot-cards/CardHistory';
import { useBoxColumns } from './columns';
import { readSignal } from './signal';
import '@/features/devices/devices.css';

const NONE = <Typography.Text type="secondary">—</Typography.Text>;

function SignalBars({ bars }: { bars: number }) {
  return (
    <span className="dms-box-signal" aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= bars ? 'on' : undefined} style={{ height: `${n * 20}%` }} />
      ))}
    </span>
  );
}

/**
 * /devices/box/{tag_id}: a cloud box: what it reported (type, firmware, hardware, ICCID, signal, report interval),
 * its address and connection, its controllers (the devices on it the user sees, with live status), the IP change
 * log and connection history, and its IoT card changes. 40300 → /401, 40400 or a malformed id → /404.
 */
export default function BoxPage() {
  const { t, lang } = useI18n();
  const params = useParams();
  const boxId = parseBoxId(params.tagId);
  const query = useQuery({ ...deviceQueries.box(boxId ?? 0), enabled: boxId !== null });
  const box = query.data ?? null;
  const error = useLoadFailure(query.error, boxId === null);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  // The controllers' statuses change live; a status change may come with the box going on/offline: reload then
  // (also when a controller's state on subscribing says its status changed since the page loaded).
  const ids = useMemo(() => box?.controllers.map((c) => c.id) ?? [], [box]);
  useDeviceEvents(ids, (event) => {
    const changed = event.type === 'state' && box?.controllers.find((c) => c.id === event.device)?.status !== event.status;
    if (changed || event.type === 'status' || event.type === 'lagged') reload();
  });

  const { controllerColumns, ipColumns, connectionColumns } = useBoxColumns();

  if (!box) {
    return (
      <Card>
        {error ? (
          <Result
            status="error"
            title={error}
            extra={
              <Button icon={<ReloadOutlined />} onClick={reload}>
                {t('common.action.refresh')}
              </Button>
            }
          />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Card>
    );
  }

  const signal = readSignal(box.signal);
  const text = (v: string | null) => (v ? v : NONE);
  return (
    <div className="dms-device-detail" data-testid="box-page" data-box={box.boxId}>
      <Card
        size="small"
        title={t('devices.box.title', { boxId: box.boxId })}
        extra={
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={reload}
            aria-label={t('devices.list.refresh')}
            title={t('devices.list.refresh')}
          />
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
          data-testid="box-facts"
          items={[
            {
              key: 'connection',
              label: t('devices.box.connection'),
              children: (
                <Badge
                  status={box.online ? 'success' : 'default'}
                  text={box.online ? t('devices.box.online') : t('devices.box.offline')}
                  data-testid="box-online"
                  data-online={box.online}
                />
              ),
            },
            { key: 'boxType', label: t('devices.box.boxType'), children: <span data-testid="box-type">{text(box.boxType)}</span> },
            { key: 'firmware', label: t('devices.box.firmware'), children: <span data-testid="box-firmware">{text(box.firmware)}</span> },
            { key: 'hardware', label: t('devices.box.hardware'), children: text(box.hardware) },
            { key: 'iccid', label: t('devices.box.iccid'), children: <span data-testid="box-iccid">{text(box.iccid)}</span> },
            {
              key: 'signal',
              label: t('devices.box.signal'),
              children: (
                <span data-testid="box-signal" data-percent={signal?.percent ?? ''}>
                  {signal ? (
                    <>
                      <SignalBars bars={signal.bars} />
                      {signal.kind === 'csq'
                        ? t('devices.box.signalCsq', { percent: signal.percent, csq: signal.raw })
                        : t('devices.box.signalDbm', { percent: signal.percent, dbm: signal.raw })}
                    </>
                  ) : (
                    t('devices.box.signalUnknown')
                  )}
                </span>
              ),
            },
            {
              key: 'interval',
              label: t('devices.box.reportInterval'),
              children: box.reportInterval === null ? NONE : t('devices.box.reportIntervalValue', { n: box.reportInterval }),
            },
            { key: 'ip', label: t('devices.box.ip'), children: <span data-testid="box-ip">{text(box.ip)}</span> },
            { key: 'lastSeen', label: t('devices.box.lastSeen'), children: box.lastSeen === null ? NONE : formatTime(box.lastSeen, lang) },
            { key: 'registeredAt', label: t('devices.box.registeredAt'), children: formatTime(box.registeredAt, lang) },
            { key: 'owner', label: t('devices.box.owner'), children: text(box.owner) },
            { key: 'company', label: t('devices.box.company'), children: text(box.companyName) },
          ]}
        />
      </Card>
      <Card size="small" title={t('devices.box.controllers')}>
        <Table<DeviceSummary>
          rowKey="id"
          size="small"
          columns={controllerColumns}
          dataSource={box.controllers}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.box.noControllers')} /> }}
          data-testid="box-controllers"
        />
      </Card>
      <div className="dms-device-row dms-box-logs">
        <Card size="small" title={t('devices.box.connections')}>
          <Table<BoxConnectionRow>
            rowKey="id"
            size="small"
            columns={connectionColumns}
            dataSource={box.connections}
            pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.box.noConnections')} /> }}
            data-testid="box-connections"
          />
        </Card>
        <Card size="small" title={t('devices.box.ipLog')}>
          <Table<IpChangeRow>
            rowKey="id"
            size="small"
            columns={ipColumns}
            dataSource={box.ipLog}
            pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.box.noIpChanges')} /> }}
            data-testid="box-ip-log"
          />
        </Card>
      </div>
      <CardHistory boxId={box.boxId} />
    </div>
  );
}
