import type { HTMLAttributes } from 'react';
import { useLiveState, type LiveState } from '../api/realtime';
import { useI18n } from '../i18n';
import './live-mark.css';

export interface LiveMarkProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Test id; `live-state` unless told. */
  testId?: string;
}

/**
 * The one "Live" mark of the console: a dot coloured by the state of the live push (green and pulsing when live,
 * amber while connecting or reconnecting, grey when not live) and the state's name. Every page that says whether it
 * is live shows this mark (dashboard, map, large screen, device lists, charts). Its state is in `data-state`.
 */
export function LiveMark({ testId = 'live-state', className, ...rest }: LiveMarkProps) {
  const { t } = useI18n();
  const state: LiveState = useLiveState();
  return (
    <span {...rest} className={`dms-live dms-live-${state}${className ? ` ${className}` : ''}`} data-testid={testId} data-state={state}>
      <span className="dms-live-dot" aria-hidden />
      {t(`fleet.live.${state}`)}
    </span>
  );
}
