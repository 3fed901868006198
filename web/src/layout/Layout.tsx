import { Drawer, Layout as AntLayout } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { findPage } from '../app/routes.js';
import { usePageTitle } from '../app/title.js';
import { MOBILE_BREAKPOINT, SIDEBAR_WIDTH } from '../settings/defaults.js';
import { closeMobileSidebar, setDevice, useAppState, useSettings } from '../settings/store.js';
import { KeepAliveOutlet } from './KeepAliveOutlet.js';
import { Navbar } from './Navbar.js';
import { SettingsDrawer } from './SettingsDrawer.js';
import { SidebarMenu } from './Sidebar.js';
import { TagsView, useRecordVisits } from './TagsView.js';
import './layout.css';

function useDeviceWatch(): void {
  useEffect(() => {
    const check = () => setDevice(window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
}

/** The shell of spec 2: sidebar, top bar, tags view, page area, settings panel; a drawer below 992 px. */
export default function Layout() {
  useDeviceWatch();
  useRecordVisits();
  const { pathname } = useLocation();
  usePageTitle(findPage(pathname)?.titleKey);
  const { sidebarOpen, device, size } = useAppState();
  const settings = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mobile = device === 'mobile';

  return (
    <AntLayout className="dms-shell" data-device={device} data-size={size} style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={sidebarOpen}
          onClose={closeMobileSidebar}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <SidebarMenu collapsed={false} />
        </Drawer>
      ) : (
        <AntLayout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={54}
          collapsed={!sidebarOpen}
          trigger={null}
          collapsible
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          <SidebarMenu collapsed={!sidebarOpen} />
        </AntLayout.Sider>
      )}
      <AntLayout>
        <div className={settings.fixedHeader ? 'dms-header dms-header-fixed' : 'dms-header'} data-testid="header">
          <Navbar onOpenSettings={() => setSettingsOpen(true)} />
          {settings.tagsView && <TagsView />}
        </div>
        <AntLayout.Content className="dms-content">
          <KeepAliveOutlet />
        </AntLayout.Content>
      </AntLayout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </AntLayout>
  );
}
