import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from '../../app/Root';
import { HOME_PATH } from '../../app/routes';
import { useI18n } from '../../i18n';

/** Dashboard › group › page, from the matched route's meta (meta.breadcrumb false leaves a step out). */
export function Breadcrumbs() {
  const { t } = useI18n();
  const handle = useRouteHandle();
  const meta = handle?.meta;
  const steps = [...(handle?.parents ?? []), ...(meta ? [meta] : [])].filter((m) => m.breadcrumb !== false);
  const isHome = handle?.name === 'dashboard';
  const items = [
    ...(isHome ? [] : [{ key: 'home', title: <Link to={HOME_PATH}>{t('route.dashboard')}</Link> }]),
    ...(meta?.parentPage
      ? [{ key: `parent:${meta.parentPage.titleKey}`, title: <Link to={meta.parentPage.path}>{t(meta.parentPage.titleKey)}</Link> }]
      : []),
    ...steps.map((m, i) => ({ key: `${i}:${m.titleKey}`, title: <span>{t(m.titleKey)}</span> })),
  ];
  return (
    <div className="dms-breadcrumb" data-testid="breadcrumb" aria-label={t('navbar.breadcrumb.label')}>
      <Breadcrumb items={items} />
    </div>
  );
}
