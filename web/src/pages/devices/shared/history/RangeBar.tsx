import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MAX_RANGE_MS } from '@dms/contract';
import { useI18n } from '../../../../i18n';
import { presetRange, RANGE_PRESETS, type RangePreset, type TimeRange } from './range';

export interface RangeBarProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
  /** Longest range the page accepts (the API's limit by default). */
  maxMs?: number;
  testId?: string;
}

/**
 * The time range of a history page: presets (last hour, 24 hours, 7 days) or a custom range with date and time.
 * Refresh moves a preset's range up to now.
 */
export function RangeBar({ value, onChange, maxMs = MAX_RANGE_MS, testId = 'history-range' }: RangeBarProps) {
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
    <div className="dms-history-range" data-testid={testId}>
      <Segmented<RangePreset>
        value={value.preset}
        onChange={pick}
        options={RANGE_PRESETS.map((p) => ({ value: p, label: <span data-testid={`${testId}-${p}`}>{t(`history.range.${p}`)}</span> }))}
      />
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
            }}
            aria-label={t('history.range.refresh')}
            data-testid={`${testId}-refresh`}
          />
        </Tooltip>
      )}
    </div>
  );
}
