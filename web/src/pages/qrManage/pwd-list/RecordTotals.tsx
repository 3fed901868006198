import { Col, Row, Typography } from 'antd';
import { PASSWORD_MODE_NAMES, type PasswordMode, type PwdRecordPage } from '@dms/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { MODE_LABEL } from '../modes';

registerECharts([BarChart, GridComponent, TooltipComponent]);

/** Most users drawn: those with the most calculations (all of them are listed beside the chart). */
const MOST = 10;

/** Each mode's colour: the longer it unlocks, the darker; permanent apart. */
const MODE_HEX: Record<PasswordMode, string> = {
  'unlock-1d': '#69b1ff',
  'unlock-7d': '#1677ff',
  'unlock-30d': '#003eb3',
  permanent: '#d46b08',
};

interface UserTotal {
  userId: number;
  username: string;
  count: number;
  modes: Record<PasswordMode, number>;
}

/** The server's counts per user and mode as one entry a user, most calculations first (then by username). */
export function byUser(totals: PwdRecordPage['totals']): UserTotal[] {
  const users = new Map<number, UserTotal>();
  for (const { userId, username, mode, count } of totals) {
    let user = users.get(userId);
    if (!user) {
      user = { userId, username, count: 0, modes: { 'unlock-1d': 0, 'unlock-7d': 0, 'unlock-30d': 0, permanent: 0 } };
      users.set(userId, user);
    }
    user.count += count;
    user.modes[mode] += count;
  }
  return [...users.values()].sort((a, b) => b.count - a.count || a.username.localeCompare(b.username));
}

/**
 * Over the whole filter, how many passwords each user calculated of each mode: a bar a user with the modes stacked
 * (the users with the most), and the same counts written out beside it for whoever reads rather than looks.
 */
export function RecordTotals({ totals }: { totals: PwdRecordPage['totals'] }) {
  const { t } = useI18n();
  const users = useMemo(() => byUser(totals), [totals]);
  const drawn = users.slice(0, MOST);
  // The modes counted at all: only they are drawn and named in the legend (a filter by mode leaves one).
  const modes = PASSWORD_MODE_NAMES.filter((mode) => users.some((u) => u.modes[mode] > 0));
  const option = useMemo<EChartsCoreOption>(() => {
    const rows = users.slice(0, MOST);
    const counted = PASSWORD_MODE_NAMES.filter((mode) => rows.some((u) => u.modes[mode] > 0));
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 16, top: 8, bottom: 4, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: rows.map((u) => u.username), axisLabel: { width: 120, overflow: 'truncate' } },
      series: counted.map((mode) => ({
        name: t(MODE_LABEL[mode]),
        type: 'bar',
        stack: 'calculations',
        barMaxWidth: 24,
        data: rows.map((u) => u.modes[mode]),
        itemStyle: { color: MODE_HEX[mode] },
      })),
    };
  }, [users, t]);

  return (
    <section className="dms-qr-totals" data-testid="qr-records-totals" aria-labelledby="qr-records-totals-title">
      <Typography.Text strong id="qr-records-totals-title">
        {t('qrManage.records.totals')}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">{t('qrManage.records.totalsHelp')}</Typography.Text>
      <Row gutter={[24, 8]} align="top">
        <Col xs={24} lg={14}>
          {/* The legend in the page's text, wrapping at any width (echarts' own would scroll or cover the bars). */}
          <ul className="dms-qr-legend" aria-hidden="true">
            {modes.map((mode) => (
              <li key={mode}>
                <span className="dms-qr-swatch" style={{ background: MODE_HEX[mode] }} />
                {t(MODE_LABEL[mode])}
              </li>
            ))}
          </ul>
          <EChart
            option={option}
            notMerge
            height={Math.max(80, 28 + drawn.length * 32)}
            data-testid="qr-records-chart"
            aria-label={t('qrManage.records.totals')}
          />
          {users.length > MOST && (
            <Typography.Text type="secondary">{t('qrManage.records.drawn', { shown: MOST, users: users.length })}</Typography.Text>
          )}
        </Col>
        <Col xs={24} lg={10}>
          <ul className="dms-qr-totals-list">
            {users.map((u) => (
              <li key={u.userId} data-testid={`qr-records-total-${u.username}`}>
                <Typography.Text strong>{u.username}</Typography.Text>{' '}
                <span data-testid={`qr-records-total-${u.username}-count`}>{t('qrManage.records.userCount', { count: u.count })}</span>
                <br />
                <Typography.Text type="secondary">
                  {PASSWORD_MODE_NAMES.filter((mode) => u.modes[mode] > 0)
                    .map((mode) => t('qrManage.records.modeCount', { mode: t(MODE_LABEL[mode]), count: u.modes[mode] }))
                    .join(' · ')}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Col>
      </Row>
    </section>
  );
}
