import { RightOutlined } from '@ant-design/icons';
import { canAccess } from '@dms/contract';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { createElement, useMemo } from 'react';
import { Link } from 'react-router';
import { permittedPages } from '@/app/access';
import { useShellRoutes } from '@/app/shell-routes';
import { RoleTags } from '@/auth/RoleTags';
import { useSession } from '@/auth/session';
import { useI18n, type TKey } from '@/i18n';
import { FleetSection } from '@/features/fleet/FleetSection';

/** What each page card says; a page without a line here shows its title only. */
const PAGE_BLURB: Partial<Record<string, TKey>> = {
  profile: 'dashboard.page.profile',
  changePassword: 'dashboard.page.changePassword',
  operationLog: 'dashboard.page.operationLog',
  serverLog: 'dashboard.page.serverLog',
};

/**
 * The dashboard: a welcome with the user's name, roles and level, the fleet's figures for users who see devices, and a
 * card for each page their roles open.
 */
export default function DashboardPage() {
  const { t } = useI18n();
  const user = useSession((s) => s.user);
  const routes = useShellRoutes();
  const pages = useMemo(() => permittedPages(routes, user?.roles ?? []).filter((p) => p.name !== 'dashboard'), [routes, user?.roles]);
  if (!user) return null;
  return (
    <div className="dms-dashboard">
      <Card className="dms-welcome">
        <Typography.Title level={3} data-testid="dashboard-welcome">
          {t('dashboard.welcome.greeting', { name: user.name })}
        </Typography.Title>
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            {
              key: 'roles',
              label: t('dashboard.welcome.roles'),
              children: <RoleTags roles={user.roles} testId="dashboard-roles" />,
            },
            { key: 'level', label: t('dashboard.welcome.level'), children: user.userLevel },
            ...(user.ck ? [{ key: 'ck', label: t('dashboard.welcome.ck'), children: user.ck }] : []),
            {
              key: 'manager',
              label: t('dashboard.welcome.manager'),
              children: user.isManager ? t('dashboard.welcome.yes') : t('dashboard.welcome.no'),
            },
          ]}
        />
      </Card>
      {canAccess(user.roles, 'devices') && <FleetSection />}
      <Typography.Title level={4} className="dms-section-title">
        {t('dashboard.pages.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {pages.map((page) => {
          const blurb = PAGE_BLURB[page.name];
          return (
            <Col key={page.path} xs={24} sm={12} lg={8} xl={6}>
              <Link to={page.path} data-testid={`area-${page.name}`} className="dms-page-card-link">
                <Card hoverable className="dms-page-card">
                  <Card.Meta
                    avatar={page.meta.icon ? createElement(page.meta.icon) : undefined}
                    title={t(page.meta.titleKey)}
                    description={blurb ? t(blurb) : undefined}
                  />
                  <span className="dms-page-card-open">
                    {t('dashboard.pages.open')} <RightOutlined />
                  </span>
                </Card>
              </Link>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
