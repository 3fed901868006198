import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, List, Popover, Space, Typography } from 'antd';
import { api, canAccess, type ServerEvents } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useNotificationEvents } from '@/api/realtime';
import { useRoles } from '@/auth/session';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useSoon } from '@/lib/useSoon';
import { NOTIFICATION_LIST_PATH } from './paths';
import { NOTIFICATION_READS, notificationQueries } from './queries';
import { KindTag, notificationTitle } from './words';

/** Whether this browser can show its own notifications, and whether the user allowed them. */
function browserPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * The bell of the top bar (issue 22; everyone the spec's /msg serves): the unread count, live over the WebSocket; the
 * latest unread with their type, device and time, each a link to its device; mark all read; the whole list. When the
 * user chose pop-ups, a new notification (or a reminder of one) pops up as the browser's own notification where they
 * allowed them, otherwise as the console's one message of new notifications.
 */
export function NotificationBell() {
  const roles = useRoles();
  return canAccess(roles, 'msg') ? <Bell /> : null;
}

/** The console's one pop-up of new notifications. */
const TOAST_KEY = 'dms-notification';

function Bell() {
  const { t, lang } = useI18n();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(browserPermission);
  const unread = useQuery(notificationQueries.unread());
  const latest = useQuery({ ...notificationQueries.latestUnread(), enabled: open });
  const prefs = useQuery(notificationQueries.preferences());
  const markAll = useSubmit(
    async () => {
      await call(api.msg.markRead, { body: { all: true } });
    },
    { invalidates: NOTIFICATION_READS },
  );

  // A burst of notifications (a fleet faulting at once) reloads the count and the lists once, not once for each.
  const reload = useSoon(() => void invalidate(NOTIFICATION_READS), { delayMs: 500 });
  // The console's pop-up is one at a time: a burst updates it with the newest and how many more came meanwhile.
  const shownSince = useRef(0);
  useNotificationEvents((event: ServerEvents['notification']) => {
    reload();
    // Pop-ups are the user's choice (off: the bell only counts them); root, who sees a whole fleet, may want none.
    if (!prefs.data?.prefs.browser) return;
    const title = notificationTitle(t, event);
    const body = [event.company, formatTime(event.time, lang)].filter(Boolean).join(' · ');
    const link = event.path;
    if (browserPermission() === 'granted') {
      const shown = new Notification(title, { body, tag: `dms-${event.id}-${event.push}` });
      shown.onclick = () => {
        window.focus();
        void navigate(link);
      };
      return;
    }
    const more = shownSince.current;
    shownSince.current += 1;
    notification.open({
      key: TOAST_KEY,
      title: <span data-testid="notification-toast">{title}</span>,
      description: more === 0 ? body : `${body} · ${t('notifications.bell.more', { count: more })}`,
      icon: <BellOutlined />,
      placement: 'bottomRight',
      duration: 6,
      onClose: () => {
        shownSince.current = 0;
      },
      // Never wider than a phone's screen (antd's is 384 px, and the page would scroll sideways).
      style: { width: 'min(384px, calc(100vw - 48px))' },
    });
  });

  const count = unread.data?.count ?? 0;
  const items = latest.data?.items ?? [];
  const content = (
    <div className="dms-bell-panel" data-testid="bell-panel" style={{ width: 320, maxWidth: '90vw' }}>
      <Typography.Text type="secondary" data-testid="bell-count-text">
        {t('notifications.bell.unread', { count })}
      </Typography.Text>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.bell.empty')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(n) => (
            <List.Item key={n.id} data-testid={`bell-item-${n.id}`}>
              <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                <Space size={4} wrap>
                  <KindTag kind={n.kind} />
                  <Link
                    to={n.path}
                    onClick={() => {
                      setOpen(false);
                    }}
                  >{`${n.boxId}/${n.controller}`}</Link>
                  {n.changes > 1 && (
                    <Typography.Text type="secondary">{t('notifications.bell.flapping', { count: n.changes })}</Typography.Text>
                  )}
                </Space>
                <Typography.Text type="secondary" ellipsis>
                  {[n.rule, n.company, formatTime(n.lastTime, lang)].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <Space wrap style={{ marginTop: 8 }}>
        <Button size="small" data-testid="bell-mark-all" disabled={count === 0} loading={markAll.busy} onClick={() => void markAll.run()}>
          {t('notifications.bell.markAll')}
        </Button>
        <Link
          to={NOTIFICATION_LIST_PATH}
          data-testid="bell-view-all"
          onClick={() => {
            setOpen(false);
          }}
        >
          {t('notifications.bell.viewAll')}
        </Link>
        {permission === 'default' && (
          <Button
            size="small"
            type="link"
            data-testid="bell-allow-browser"
            onClick={() => {
              void Notification.requestPermission().then(setPermission);
            }}
          >
            {t('notifications.bell.allowBrowser')}
          </Button>
        )}
        {permission === 'denied' && <Typography.Text type="secondary">{t('notifications.bell.browserBlocked')}</Typography.Text>}
      </Space>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={content}
      title={t('notifications.bell.open')}
    >
      <Button type="text" data-testid="bell" aria-label={t('notifications.bell.open')} data-count={count}>
        <Badge count={count} size="small" overflowCount={99} data-testid="bell-badge">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
