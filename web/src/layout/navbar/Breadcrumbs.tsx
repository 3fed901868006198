import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from '@/app/Root';
import { HOME_PATH } from '@/app/routes';
import { useI18n } from '@/i18n';

/** Dashboard › group › (parent page ›) page, from the matched route's meta (meta.breadcrumb false leaves a step out). */
export function Breadcrumbs() {
  const { t } = useI18n();
  const handle = useRouteHandle();
  const meta = handle?.meta;
  const groups = (handle?.parents ?? []).filter((m) => m.breadcrumb !== false);
  const isHome = handle?.name === 'dashboard';
  // Dashboard › the groups › the page it is reached from (a list above its form) › the page.
  const items = [
    ...(isHome ? [] : [{ key: 'home', title: <Link to={HOME_PATH}>{t('route.dashboard')}</Link> }]),
    ...groups.map((m, i) => ({ key: `${i}:${m.titleKey}`, title: <span>{t(m.titleKey)}</span> })),
    ...(meta?.parentPage
      ? [{ key: `parent:${meta.parentPage.titleKey}`, title: <Link to={meta.parentPage.path}>{t(meta.parentPage.titleKey)}</Link> }]
      : []),
    ...(meta && meta.breadcrumb !== false ? [{ key: `page:${meta.titleKey}`, title: <span>{t(meta.titleKey)}</span> }] : []),
  ];
  return (
    <div className="dms-breadcrumb" data-testid="breadcrumb" aria-label={t('navbar.breadcrumb.label')}>
      <Breadcrumb items={items} />
    </div>
  );
}
