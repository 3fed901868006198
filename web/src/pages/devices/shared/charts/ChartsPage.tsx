import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useI18n } from '@/i18n';
import { useHistoryDevice, type HistoryDevice } from '../history/useHistoryDevice';
import { parseBoxController, parseTime } from '@/features/devices/params';

/**
 * The card of a chart page (history-charts, maglev-charts): `:tagId` is `{boxId}-{controller}` and `:time` the
 * window's start (a malformed one goes to /404); the body is drawn once the device is loaded.
 */
export function ChartsPage({
  view,
  children,
}: {
  view: 'historyCharts' | 'maglevCharts';
  children: (loaded: HistoryDevice, from: number) => ReactNode;
}) {
  const { tagId, time } = useParams();
  const address = parseBoxController(tagId);
  const from = parseTime(time);
  const loaded = useHistoryDevice(from === null ? null : address);
  const { t } = useI18n();
  return (
    <Card title={t(`history.route.${view}`)} data-testid={`page-${view}`} loading={!loaded}>
      {loaded && from !== null && children(loaded, from)}
    </Card>
  );
}
