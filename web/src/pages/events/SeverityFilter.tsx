import { SEVERITIES, type Severity } from '@dms/contract';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
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
    <ChoiceFilter
      value={value}
      values={SEVERITIES}
      onChange={onChange}
      all={t('events.list.allSeverities')}
      labelOf={(s) => t(`events.severity.${s}`)}
      label={label}
      testId={testId}
    />
  );
}
