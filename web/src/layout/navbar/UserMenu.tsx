import { DashboardOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/app/routes';
import { signOut, useSession } from '@/auth/session';
import { useI18n } from '@/i18n';
import { initials } from '@/lib/initials';

/** Avatar (or initials), name, and a menu with Dashboard, Profile and Log out (spec 2). */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const name = useSession((s) => s.user?.name ?? '');
  const avatar = useSession((s) => s.user?.avatar ?? '');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'dashboard',
            icon: <DashboardOutlined />,
            label: <span data-testid="user-menu-dashboard">{t('navbar.user.dashboard')}</span>,
          },
          { key: 'profile', icon: <UserOutlined />, label: <span data-testid="user-menu-profile">{t('navbar.user.profile')}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('navbar.user.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'dashboard') void navigate(HOME_PATH);
          if (key === 'profile') void navigate('/profile/index');
          if (key === 'logout') void signOut();
        },
      }}
    >
      <button type="button" className="dms-user-menu" data-testid="user-menu" aria-label={t('navbar.user.menu')}>
        {avatar ? (
          <Avatar src={avatar} alt={name} shape="square" />
        ) : (
          <Avatar shape="square" className="dms-avatar-initials">
            {initials(name)}
          </Avatar>
        )}
        {!compact && <span className="dms-user-name">{name}</span>}
        <DownOutlined className="dms-user-caret" />
      </button>
    </Dropdown>
  );
}
