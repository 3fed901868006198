import { useLiveState } from '../../api/realtime';
import { useI18n } from '../../i18n';
import './live-badge.css';

/** A small mark saying whether the page's live push is working (dashboard, map, large screen). */
export function LiveBadge({ className }: { className?: string }) {
  const { t } = useI18n();
  const state = useLiveState();
  return (
    <span className={`dms-live dms-live-${state}${className ? ` ${className}` : ''}`} data-testid="live-state" data-state={state}>
      <span className="dms-live-dot" />
      {t(`fleet.live.${state}`)}
    </span>
  );
}
