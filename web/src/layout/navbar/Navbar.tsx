import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ShellRoute } from '@/app/route-types';
import { CardFeedbackButton } from '@/features/iot-cards/CardFeedback';
import { ExpiredCardsButton } from '@/features/iot-cards/ExpiredCards';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { LanguageSelect } from '@/i18n/LanguageSelect';
import { useI18n } from '@/i18n';
import { toggleSidebar, useAppState } from '@/settings/app-state';
import { Breadcrumbs } from './Breadcrumbs';
import { Fullscreen } from './Fullscreen';
import { RouteSearch } from './RouteSearch';
import { SizeSelect } from './SizeSelect';
import { UserMenu } from './UserMenu';

/** The top bar of spec 2. Search, fullscreen and size are desktop tools; the rest is on every device. */
export function Navbar({ routes, onOpenSettings }: { routes: readonly ShellRoute[]; onOpenSettings: () => void }) {
  const { t } = useI18n();
  const opened = useAppState((s) => s.sidebarOpened);
  const mobile = useAppState((s) => s.device === 'mobile');
  return (
    <header className="dms-navbar">
      <Button
        type="text"
        className="dms-hamburger"
        data-testid="hamburger"
        aria-label={t('navbar.hamburger.toggle')}
        aria-expanded={opened}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <Breadcrumbs />
      <div className="dms-navbar-right">
        {!mobile && <RouteSearch routes={routes} />}
        {!mobile && <Fullscreen />}
        {!mobile && <SizeSelect />}
        <ExpiredCardsButton />
        <CardFeedbackButton />
        <NotificationBell />
        <LanguageSelect />
        <Tooltip title={t('navbar.settings.open')}>
          <Button
            type="text"
            data-testid="settings-button"
            aria-label={t('navbar.settings.open')}
            icon={<SettingOutlined />}
            onClick={onOpenSettings}
          />
        </Tooltip>
        <UserMenu compact={mobile} />
      </div>
    </header>
  );
}
