import { MessageOutlined, NotificationOutlined, SoundOutlined } from '@ant-design/icons';
import type { RouteRedirect, ShellRoute } from '@/app/route-types';
import { ANNOUNCEMENT_LIST_PATH } from '@/features/announcements/paths';
import { NOTIFICATION_LIST_PATH } from '@/features/notifications/paths';

/**
 * /msg (everyone but market; spec 2, 6; issue 22): the user's notifications, which the top bar's bell opens too, and
 * the announcements for them, whose newest unread super-top one is a banner above every page.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'msg',
    meta: { titleKey: 'msg.route.group', icon: MessageOutlined, area: 'msg' },
    children: [
      {
        kind: 'page',
        name: 'notificationList',
        path: NOTIFICATION_LIST_PATH,
        meta: { titleKey: 'msg.route.notificationList', icon: NotificationOutlined, area: 'msg' },
        load: () => import('./notification-list'),
      },
      {
        kind: 'page',
        name: 'announcementList',
        path: ANNOUNCEMENT_LIST_PATH,
        meta: { titleKey: 'msg.route.announcementList', icon: SoundOutlined, area: 'msg' },
        load: () => import('./announcement-list'),
      },
    ],
  },
];

export const redirects: readonly RouteRedirect[] = [{ from: '/msg', to: NOTIFICATION_LIST_PATH }];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 35;
