import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export interface TimeRange {
  /** Milliseconds; undefined: open at that end. */
  from: number | undefined;
  to: number | undefined;
}

interface TimeRangeFilterProps extends TimeRange {
  /** The list's new range (a cleared end is undefined). */
  onChange: (range: TimeRange) => void;
  label: string;
  placeholder: [string, string];
  testId: string;
}

/** A log's "when" filter: a range of dates and times to the minute, either end open (the events, notification and delivery logs). */
export function TimeRangeFilter({ from, to, onChange, label, placeholder, testId }: TimeRangeFilterProps) {
  return (
    <DatePicker.RangePicker
      data-testid={testId}
      aria-label={label}
      placeholder={placeholder}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      allowEmpty={[true, true]}
      value={[from !== undefined ? dayjs(from) : null, to !== undefined ? dayjs(to) : null]}
      onChange={(dates: null | [Dayjs | null, Dayjs | null]) => {
        const [start, end] = dates ?? [null, null];
        onChange({ from: start ? start.valueOf() : undefined, to: end ? end.valueOf() : undefined });
      }}
    />
  );
}
