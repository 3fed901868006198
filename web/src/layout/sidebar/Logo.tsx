import { Link } from 'react-router';
import { HOME_PATH } from '@/app/routes';
import { useI18n } from '@/i18n';

/** The sidebar logo (settings: sidebar logo). */
export function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useI18n();
  return (
    <Link to={HOME_PATH} className="dms-logo" data-testid="sidebar-logo" aria-label={t('common.app.title')}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span className="dms-logo-title">{t('common.app.title')}</span>}
    </Link>
  );
}
