import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MAX_RANGE_MS } from '@dms/contract';
import { useI18n } from '@/i18n';
import { presetRange, RANGE_PRESETS, type RangePreset, type TimeRange } from './range';

export interface RangeBarProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
  /** Longest range the page accepts (the API's limit by default). */
  maxMs?: number;
  testId?: string;
  /** Asked after Refresh set a preset's range up to now (to load it again even when it did not move). */
  onRefresh?: () => void;
}

/** The preset of the segmented option an event happened in, if any. */
export function presetClicked<P extends string>(target: EventTarget, values: readonly P[]): P | null {
  if (!(target instanceof Element)) return null;
  const name = target.closest('.ant-segmented-item')?.querySelector('[data-preset]')?.getAttribute('data-preset');
  return values.find((v) => v === name) ?? null;
}

/**
 * The time range of a history page: presets (last hour, 24 hours, 7 days) or a custom range with date and time.
 * A preset means up to now whenever it is clicked, the one already chosen too; Refresh moves it up to now as well.
 */
export function RangeBar({ value, onChange, maxMs = MAX_RANGE_MS, testId = 'history-range', onRefresh }: RangeBarProps) {
  const { t } = useI18n();
  const pick = (preset: RangePreset) => {
    if (preset === 'custom') onChange({ ...value, preset: 'custom' });
    else onChange(presetRange(preset));
  };
  const picked = (dates: null | [Dayjs | null, Dayjs | null]) => {
    const [start, end] = dates ?? [null, null];
    if (!start || !end) return;
    const from = start.valueOf();
    const to = end.valueOf();
    if (to <= from) return;
    onChange({ preset: 'custom', from, to: Math.min(to, from + maxMs) });
  };
  return (
    <div className="dms-history-range" data-testid={testId} data-from={value.from} data-to={value.to} data-preset={value.preset}>
      {/* The segmented control tells only of a change: a click on the preset already chosen moves it up to now here. */}
      <div
        className="dms-history-presets"
        onClick={(e) => {
          const p = presetClicked(e.target, RANGE_PRESETS);
          if (p !== null && p !== 'custom' && p === value.preset) pick(p);
        }}
      >
        <Segmented<RangePreset>
          value={value.preset}
          onChange={pick}
          options={RANGE_PRESETS.map((p) => ({
            value: p,
            label: (
              <span data-testid={`${testId}-${p}`} data-preset={p}>
                {t(`history.range.${p}`)}
              </span>
            ),
          }))}
        />
      </div>
      {value.preset === 'custom' && (
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={[dayjs(value.from), dayjs(value.to)]}
          onChange={picked}
          allowClear={false}
          data-testid={`${testId}-picker`}
          aria-label={t('history.range.custom')}
        />
      )}
      {value.preset !== 'custom' && (
        <Tooltip title={t('history.range.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              pick(value.preset);
              onRefresh?.();
            }}
            aria-label={t('history.range.refresh')}
            data-testid={`${testId}-refresh`}
          />
        </Tooltip>
      )}
    </div>
  );
}
