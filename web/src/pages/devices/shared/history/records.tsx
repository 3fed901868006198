import { Tag, Typography, type TableColumnsType } from 'antd';
import type { FaultRecord, Language, RegisterDef } from '@dms/contract';
import { useI18n, type Translate } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { formatDuration, localized } from '@/features/devices/registers';

/** The name of a record's bit in the user's language (or register and bit numbers when the map lacks it). */
export function bitName(defs: ReadonlyMap<number, RegisterDef>, register: number, bit: number, lang: Language, t: Translate): string {
  const b = defs.get(register)?.bits?.find((x) => x.bit === bit);
  return b ? localized(b.name, lang) : t('history.record.unknownBit', { register, bit });
}

/** Fault (red) or alert (orange). */
export function KindTag({ kind }: { kind: 'fault' | 'alert' }) {
  const { t } = useI18n();
  return (
    <Tag color={kind === 'fault' ? 'red' : 'orange'} data-kind={kind}>
      {t(`history.kind.${kind}`)}
    </Tag>
  );
}

/** A record's duration: to its end, or to now while it is ongoing. */
export function recordDuration(startedAt: number, endedAt: number | null, now: number, t: Translate): string {
  return formatDuration(((endedAt ?? now) - startedAt) / 1000, t);
}

/** The start, end ("ongoing" while open) and duration columns of a table of fault records. */
export function recordTimeColumns<T extends Pick<FaultRecord, 'startedAt' | 'endedAt'>>(
  t: Translate,
  lang: Language,
  now: number,
): TableColumnsType<T> {
  return [
    { key: 'startedAt', title: t('history.record.start'), dataIndex: 'startedAt', width: 170, render: (v: number) => formatTime(v, lang) },
    {
      key: 'endedAt',
      title: t('history.record.end'),
      dataIndex: 'endedAt',
      width: 170,
      render: (v: number | null) =>
        v === null ? (
          <Typography.Text strong className="dms-history-ongoing" data-testid="record-ongoing">
            {t('history.record.ongoing')}
          </Typography.Text>
        ) : (
          formatTime(v, lang)
        ),
    },
    { key: 'duration', title: t('history.record.duration'), width: 140, render: (_, r) => recordDuration(r.startedAt, r.endedAt, now, t) },
  ];
}
