import { Tag } from 'antd';
import type { Severity } from '@dms/contract';
import { useI18n } from '@/i18n';

export const SEVERITY_COLOR: Record<Severity, string> = { fault: 'red', alert: 'orange', info: 'blue' };

/** A rule's or an event's severity: fault red, alert orange, information blue. */
export function SeverityTag({ severity, testId }: { severity: Severity; testId?: string }) {
  const { t } = useI18n();
  return (
    <Tag color={SEVERITY_COLOR[severity]} data-testid={testId} data-severity={severity}>
      {t(`events.severity.${severity}`)}
    </Tag>
  );
}
