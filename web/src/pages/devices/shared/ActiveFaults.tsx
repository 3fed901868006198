import type { ActiveFault } from '@dms/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { errorRecordPath } from '@/features/devices/links';
import { useI18n, type Translate } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useNow } from '@/lib/useNow';

/** How often the lasting times move on. */
const TICK_MS = 30_000;

/** How long a fault has lasted, as its two largest parts ("2 h 5 min", "3 d 4 h"); seconds only under a minute. */
export function faultAge(ms: number, t: Translate): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return t('devices.unit.seconds', { n: seconds });
  const parts = [
    t('devices.unit.days', { n: Math.floor(seconds / 86_400) }),
    t('devices.unit.hours', { n: Math.floor(seconds / 3600) % 24 }),
    t('devices.unit.minutes', { n: Math.floor(seconds / 60) % 60 }),
  ];
  const amounts = [Math.floor(seconds / 86_400), Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60];
  const first = amounts.findIndex((n) => n > 0);
  return [first, first + 1]
    .filter((i) => i < parts.length && (amounts[i] ?? 0) > 0)
    .map((i) => parts[i])
    .join(' ');
}

export interface ActiveFaultsProps {
  faults: readonly ActiveFault[];
  more: number;
  /** Each name links to the device's fault records (the detail header). */
  link?: { boxId: number; controller: number };
  testId: string;
}

/**
 * A device's active faults and alerts, newest first: each name (red for a fault, orange for a warning) with how long
 * it has lasted, then "+N more". Nothing when there are none.
 */
export function ActiveFaults({ faults, more, link, testId }: ActiveFaultsProps) {
  const { t, lang } = useI18n();
  const now = useNow(TICK_MS);
  if (faults.length === 0) return null;
  return (
    <ul className="dms-active-faults" data-testid={testId} aria-label={t('devices.activeFaults.title')}>
      {faults.map((f) => {
        const tag = (
          <Tag color={f.kind === 'fault' ? 'red' : 'orange'} className="dms-active-fault-name">
            {f.name}
          </Tag>
        );
        return (
          <li key={`${f.register}:${f.bit}`} className="dms-active-fault" data-testid={`${testId}-item`} data-kind={f.kind}>
            <Tooltip title={t('devices.activeFaults.since', { time: formatTime(f.startedAt, lang) })}>
              {link ? (
                <Link to={errorRecordPath(link.boxId, link.controller)} data-testid={`${testId}-link`}>
                  {tag}
                </Link>
              ) : (
                tag
              )}
            </Tooltip>
            <Typography.Text type="secondary" className="dms-active-fault-age" data-testid={`${testId}-age`}>
              {t('devices.activeFaults.lasted', { duration: faultAge(now - f.startedAt, t) })}
            </Typography.Text>
          </li>
        );
      })}
      {more > 0 && (
        <li className="dms-active-fault-more" data-testid={`${testId}-more`}>
          <Typography.Text type="secondary">{t('devices.activeFaults.more', { n: more })}</Typography.Text>
        </li>
      )}
    </ul>
  );
}
