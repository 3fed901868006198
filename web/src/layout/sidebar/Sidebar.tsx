import { Menu, type MenuProps } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ShellRoute } from '@/app/route-types';
import { useI18n } from '@/i18n';
import { useSetting } from '@/settings/store';
import { Logo } from './Logo';
import { MenuLabel } from './MenuLabel';

type MenuItem = Required<MenuProps>['items'][number];

const groupKey = (name: string) => `group:${name}`;

/** The menu of the permitted, non-hidden routes (spec 2 sidebar). */
export function Sidebar({ routes, collapsed, onNavigate }: { routes: readonly ShellRoute[]; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showLogo = useSetting('sidebarLogo');

  const activeGroup = useMemo(
    () => routes.find((r) => r.kind === 'group' && r.children.some((c) => c.path === pathname))?.name,
    [routes, pathname],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [groupKey(activeGroup)] : []);
  // Going to a page of another group opens that group too (set while rendering, when the group changes).
  const [shownGroup, setShownGroup] = useState(activeGroup);
  if (shownGroup !== activeGroup) {
    setShownGroup(activeGroup);
    if (activeGroup && !openKeys.includes(groupKey(activeGroup))) setOpenKeys([...openKeys, groupKey(activeGroup)]);
  }

  const items = useMemo<MenuItem[]>(
    () =>
      routes.map((route): MenuItem => {
        const icon = route.meta.icon ? createElement(route.meta.icon) : undefined;
        if (route.kind === 'page') {
          return {
            key: route.path,
            icon,
            label: <MenuLabel text={t(route.meta.titleKey)} testId={`menu-${route.name}`} tip={!collapsed} />,
          };
        }
        return {
          key: groupKey(route.name),
          icon,
          label: <MenuLabel text={t(route.meta.titleKey)} />,
          children: route.children.map((child) => ({
            key: child.path,
            label: <MenuLabel text={t(child.meta.titleKey)} testId={`menu-${child.name}`} />,
          })),
        };
      }),
    [routes, t, collapsed],
  );

  return (
    <div className="dms-sidebar-inner">
      {showLogo && <Logo collapsed={collapsed} />}
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={[pathname]}
        inlineCollapsed={collapsed}
        {...(collapsed
          ? {}
          : {
              openKeys,
              onOpenChange: (keys: string[]) => {
                setOpenKeys(keys);
              },
            })}
        onClick={({ key }) => {
          if (key !== pathname) void navigate(key);
          onNavigate?.();
        }}
      />
    </div>
  );
}
