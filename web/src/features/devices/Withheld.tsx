import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useI18n, type TKey } from '@/i18n';
import { NO_VALUE, type Withheld } from '@/features/devices/registers';
import '@/features/devices/devices.css';

/** Why a value is withheld, in words (tooltips, screen readers). */
export const WITHHELD_REASON: Record<Withheld, TKey> = {
  hidden: 'devices.value.withheldHidden',
  template: 'devices.value.withheldTemplate',
};

/**
 * A value the user may not read, wherever a value would be (table cells, figures): NO_VALUE with an eye-off mark,
 * and why in a tooltip (on hover, or focus from the keyboard) and in the mark's accessible name.
 */
export function WithheldValue({ why, testId }: { why: Withheld; testId?: string }) {
  const { t } = useI18n();
  const reason = t(WITHHELD_REASON[why]);
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <span className="dms-withheld" tabIndex={0} data-withheld={why} data-testid={testId}>
        {NO_VALUE}
        <EyeInvisibleOutlined className="dms-withheld-mark" aria-label={reason} />
      </span>
    </Tooltip>
  );
}

/**
 * A figure drawn for a value (a gauge, a chart) with the withheld reason as its tooltip when `why` is set; the figure
 * itself shows NO_VALUE, never 0. The child as it is when nothing is withheld.
 */
export function WithheldTip({ why, children }: { why: Withheld | null; children: ReactElement }) {
  const { t } = useI18n();
  if (!why) return children;
  return (
    <Tooltip title={t(WITHHELD_REASON[why])} trigger={['hover', 'focus']}>
      {children}
    </Tooltip>
  );
}

/** In place of a chart of a value the user may not read: NO_VALUE with the mark, and why in words. */
export function WithheldFigure({ why, height, testId }: { why: Withheld; height: number; testId?: string }) {
  const { t } = useI18n();
  return (
    <div className="dms-withheld-figure" style={{ height }} data-testid={testId} data-withheld={why}>
      <WithheldValue why={why} />
      <Typography.Text type="secondary">{t(WITHHELD_REASON[why])}</Typography.Text>
    </div>
  );
}
