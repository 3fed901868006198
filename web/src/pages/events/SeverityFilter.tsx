import { Select } from 'antd';
import { SEVERITIES, type Severity } from '@dms/contract';
import { useI18n } from '@/i18n';

/** A list's severity filter: every severity, or one (the rules list and the events log). */
export function SeverityFilter({
  value,
  onChange,
  label,
  testId,
}: {
  value: Severity | undefined;
  onChange: (severity: Severity | undefined) => void;
  label: string;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <Select<Severity | ''>
      data-testid={testId}
      aria-label={label}
      style={{ width: 160 }}
      value={value ?? ''}
      options={[
        { value: '', label: t('events.list.allSeverities') },
        ...SEVERITIES.map((s) => ({ value: s, label: t(`events.severity.${s}`) })),
      ]}
      onChange={(next) => {
        onChange(next === '' ? undefined : next);
      }}
    />
  );
}
