import CompressOutlined from '@ant-design/icons/CompressOutlined';
import ExpandOutlined from '@ant-design/icons/ExpandOutlined';
import FontSizeOutlined from '@ant-design/icons/FontSizeOutlined';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { App, Avatar, Breadcrumb, Button, Dropdown, Select, Space, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { permittedPages, useRoles } from '../app/access.js';
import { findPage, GROUPS } from '../app/routes.js';
import { signOut, useSession } from '../auth/session.js';
import { initials } from '../components/initials.js';
import { LangSelect } from '../components/LangSelect.js';
import { t } from '../i18n/index.js';
import { SIZES, type Size } from '../settings/defaults.js';
import { setSize, toggleSidebar, useAppState } from '../settings/store.js';

function RouteBreadcrumb() {
  const { pathname } = useLocation();
  const page = findPage(pathname);
  const items = page
    ? [...(page.group ? [{ title: t(GROUPS[page.group].titleKey) }] : []), { title: t(page.titleKey) }]
    : [];
  return <Breadcrumb data-testid="breadcrumb" items={items} />;
}

/** Search the permitted pages by their translated titles and open one. */
function RouteSearch() {
  const roles = useRoles();
  const navigate = useNavigate();
  const options = useMemo(
    () =>
      permittedPages(roles).map((p) => ({
        value: p.path,
        label: p.group ? `${t(GROUPS[p.group].titleKey)} / ${t(p.titleKey)}` : t(p.titleKey),
      })),
    [roles],
  );
  return (
    <Select
      data-testid="route-search"
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('navbar.searchPlaceholder')}
      options={options}
      value={null}
      onChange={(path: string) => navigate(path)}
      style={{ width: 190 }}
      aria-label={t('navbar.searchPlaceholder')}
    />
  );
}

function FullscreenButton() {
  const { message } = App.useApp();
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      message.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      message.warning(t('navbar.fullscreenUnsupported'));
    }
  };
  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <Tooltip title={label}>
      <Button type="text" data-testid="fullscreen" aria-label={label} icon={full ? <CompressOutlined /> : <ExpandOutlined />} onClick={() => void toggle()} />
    </Tooltip>
  );
}

function SizeSelect() {
  const { size } = useAppState();
  const { message } = App.useApp();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: <span data-testid={`size-option-${s}`}>{t(`navbar.sizes.${s}`)}</span> })),
        onClick: ({ key }) => {
          setSize(key as Size);
          message.success(t('navbar.switchSizeSuccess'));
        },
      }}
    >
      <Button type="text" data-testid="size-select" aria-label={t('navbar.size')} icon={<FontSizeOutlined />} />
    </Dropdown>
  );
}

function UserMenu() {
  const { info } = useSession();
  const navigate = useNavigate();
  const name = info?.name ?? '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', label: <span data-testid="menu-profile-link">{t('navbar.profile')}</span> },
          { key: 'dashboard', label: t('navbar.dashboard') },
          { type: 'divider' },
          { key: 'logout', label: <span data-testid="logout">{t('navbar.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/profile/index');
          else if (key === 'dashboard') navigate('/dashboard');
          else void signOut().finally(() => navigate('/login?redirect=dashboard'));
        },
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ height: 40 }}>
        <Space>
          <Avatar size="small" src={info?.avatar || undefined} style={{ background: '#1890ff' }}>
            {initials(name)}
          </Avatar>
          <span className="dms-username">{name}</span>
        </Space>
      </Button>
    </Dropdown>
  );
}

/** The top bar of spec 2. */
export function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { sidebarOpen, device } = useAppState();
  const mobile = device === 'mobile';
  return (
    <div className="dms-navbar">
      <Button
        type="text"
        data-testid="hamburger"
        aria-label={t('navbar.toggleSidebar')}
        icon={sidebarOpen && !mobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      {!mobile && <RouteBreadcrumb />}
      <div style={{ flex: 1 }} />
      <Space size={2} wrap={false}>
        {!mobile && <RouteSearch />}
        {!mobile && <FullscreenButton />}
        <SizeSelect />
        <LangSelect />
        <Tooltip title={t('navbar.settings')}>
          <Button type="text" data-testid="settings-button" aria-label={t('navbar.settings')} icon={<SettingOutlined />} onClick={onOpenSettings} />
        </Tooltip>
        <UserMenu />
      </Space>
    </div>
  );
}
