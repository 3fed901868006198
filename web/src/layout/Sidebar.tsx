import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuFor, useRoles } from '../app/access.js';
import { GROUPS } from '../app/routes.js';
import { t } from '../i18n/index.js';
import { closeMobileSidebar, useSettings } from '../settings/store.js';
import { icon } from './icons.js';

type Item = Required<MenuProps>['items'][number];

/** The menu: only the pages the signed-in roles may open (spec 2, 6). */
export function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const roles = useRoles();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { sidebarLogo } = useSettings();
  const entries = useMemo(() => menuFor(roles), [roles]);
  const items: Item[] = entries.map((entry) =>
    entry.kind === 'page'
      ? { key: entry.page.path, icon: icon(entry.page.icon), label: <span data-testid={`menu-${entry.page.name}`}>{t(entry.page.titleKey)}</span> }
      : {
          key: `group:${entry.group}`,
          icon: icon(GROUPS[entry.group].icon),
          label: t(GROUPS[entry.group].titleKey),
          children: entry.pages.map((p) => ({
            key: p.path,
            icon: icon(p.icon),
            label: <span data-testid={`menu-${p.name}`}>{t(p.titleKey)}</span>,
          })),
        },
  );
  const openGroup = entries.find((e) => e.kind === 'group' && e.pages.some((p) => p.path === pathname));
  return (
    <div data-testid="sidebar" style={{ height: '100%' }}>
      {sidebarLogo && (
        <div className="dms-logo" data-testid="sidebar-logo">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span>{t('common.appTitle')}</span>}
        </div>
      )}
      <Menu
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={[pathname]}
        defaultOpenKeys={openGroup && openGroup.kind === 'group' ? [`group:${openGroup.group}`] : []}
        items={items}
        onClick={({ key }) => {
          closeMobileSidebar();
          navigate(key);
        }}
      />
    </div>
  );
}
