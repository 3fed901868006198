import { AnnouncementBanner } from '@/features/announcements/AnnouncementBanner';
import { Drawer, Layout as AntLayout } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { menuRoutes } from '../app/access';
import { SHELL_ROUTES } from '../app/routes';
import { ShellRoutesContext } from '../app/shell-routes';
import { useRoles } from '../auth/session';
import { closeSidebar, useAppState } from '../settings/app-state';
import { useSetting } from '../settings/store';
import { KeepAlive } from './KeepAlive';
import { Navbar } from './navbar/Navbar';
import { Sidebar } from './sidebar/Sidebar';
import { TagsView } from './tags-view/TagsView';
import { useDeviceWatcher } from './useDevice';
import { useTagsSync } from './useTagsSync';

const SettingsPanel = lazy(() => import('./settings-panel/SettingsPanel'));

/** Sidebar width (spec 9) and its collapsed width. */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

/** The shell of spec 2: sidebar, top bar, tags view, the kept-alive pages and the settings panel. */
export default function Layout() {
  useDeviceWatcher();
  const roles = useRoles();
  const routes = useMemo(() => menuRoutes(SHELL_ROUTES, roles), [roles]);
  useTagsSync(SHELL_ROUTES, roles);

  const opened = useAppState((s) => s.sidebarOpened);
  const device = useAppState((s) => s.device);
  const size = useAppState((s) => s.size);
  const showTags = useSetting('tagsView');
  const fixedHeader = useSetting('fixedHeader');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const mobile = device === 'mobile';

  return (
    <AntLayout className="dms-shell" data-size={size} data-device={device} hasSider>
      {mobile ? (
        <Drawer
          open={opened}
          placement="left"
          size={SIDEBAR_WIDTH}
          closable={false}
          onClose={closeSidebar}
          className="dms-sidebar-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <nav className="dms-sidebar" data-testid="sidebar">
            <Sidebar routes={routes} collapsed={false} onNavigate={closeSidebar} />
          </nav>
        </Drawer>
      ) : (
        <AntLayout.Sider
          className="dms-sidebar"
          data-testid="sidebar"
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={!opened}
          trigger={null}
          theme="dark"
        >
          <Sidebar routes={routes} collapsed={!opened} />
        </AntLayout.Sider>
      )}
      <AntLayout className="dms-main">
        <div className={fixedHeader ? 'dms-header dms-header-fixed' : 'dms-header'} data-fixed={fixedHeader}>
          <Navbar
            routes={routes}
            onOpenSettings={() => {
              setSettingsLoaded(true);
              setSettingsOpen(true);
            }}
          />
          {showTags && <TagsView />}
        </div>
        <AnnouncementBanner />
        <AntLayout.Content className="dms-content">
          <ShellRoutesContext value={SHELL_ROUTES}>
            <KeepAlive />
          </ShellRoutesContext>
        </AntLayout.Content>
      </AntLayout>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsPanel
            open={settingsOpen}
            onClose={() => {
              setSettingsOpen(false);
            }}
          />
        </Suspense>
      )}
    </AntLayout>
  );
}
