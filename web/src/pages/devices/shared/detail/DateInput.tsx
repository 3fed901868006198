import { DatePicker } from 'antd';
import dayjs from 'dayjs';
// The calendar's month and weekday names in each console language (antd asks dayjs for them by locale name).
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import { useI18n } from '@/i18n';
import { API_DATE_FORMAT, DATE_DISPLAY_FORMAT } from '@/lib/date-format';

interface Props {
  id?: string;
  /** 'YYYY-MM-DD' or '' (no date). */
  value?: string;
  onChange?: (value: string) => void;
  'data-testid'?: string;
}

/**
 * A calendar date field: antd's DatePicker (calendar in the console's language, the console's date format) around the
 * 'YYYY-MM-DD' text the form and the API hold; cleared, it holds ''.
 */
export function DateInput({ id, value, onChange, 'data-testid': testId }: Props) {
  const { lang } = useI18n();
  const parsed = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : null;
  return (
    <DatePicker
      {...(id ? { id } : {})}
      data-testid={testId}
      className="dms-date-input"
      style={{ width: '100%' }}
      format={DATE_DISPLAY_FORMAT[lang]}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format(API_DATE_FORMAT) : '')}
      allowClear
    />
  );
}
