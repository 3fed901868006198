import { ArrowRightOutlined } from '@ant-design/icons';
import { Empty, Tag } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { deviceLink } from '../devices/links';
import { StatusTag } from '../devices/status';
import { ReachTag } from '../reach/ReachTag';
import type { FeedRow } from './feed';
import './feed.css';

/**
 * Status transitions, newest first: when, which device (a link to it), how the user reaches it (not for
 * administrators, who reach every device), its company, from → to, and the names of the faults and alerts the device
 * had then. The company keeps a readable width: where the line has no room for it, it goes under the device.
 */
export function TransitionFeed({ rows, empty, testId = 'fleet-feed' }: { rows: readonly FeedRow[]; empty: string; testId?: string }) {
  const { lang } = useI18n();
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${testId}-empty`} />;
  return (
    <ol className="dms-feed" data-testid={testId}>
      {rows.map((r) => (
        <li
          key={`${r.deviceId}:${r.time}:${r.to}`}
          className="dms-feed-row"
          data-testid={`${testId}-row`}
          data-device-id={r.deviceId}
          data-box-id={r.boxId}
          data-to={r.to}
        >
          <time className="dms-feed-time" dateTime={new Date(r.time).toISOString()}>
            {formatTime(r.time, lang)}
          </time>
          <span className="dms-feed-device">
            <Link to={deviceLink(r)}>
              {r.boxId}-{r.controller}
            </Link>
            {r.reach && r.reach.how !== 'admin' && <ReachTag reach={r.reach} testId={`${testId}-reach`} />}
            {r.company && (
              <span className="dms-feed-company" title={r.company} data-testid={`${testId}-company`}>
                {r.company}
              </span>
            )}
          </span>
          <span className="dms-feed-change">
            <StatusTag status={r.from} />
            <ArrowRightOutlined />
            <StatusTag status={r.to} />
          </span>
          {r.faults && r.faults.length > 0 && (
            <span className="dms-feed-faults" data-testid={`${testId}-faults`}>
              {r.faults.map((f) => (
                <Tag key={`${f.kind}:${f.name.en}`} color={f.kind === 'fault' ? 'red' : 'orange'} variant="filled">
                  {f.name[lang]}
                </Tag>
              ))}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
