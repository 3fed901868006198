import { FileSearchOutlined, FormOutlined, NotificationOutlined, SettingOutlined, SoundOutlined } from '@ant-design/icons';
import type { RouteRedirect, ShellRoute } from '@/app/route-types';
import { NOTICE_CREATE_PATH, NOTICE_LIST_PATH, NOTIFICATION_LOG_PATH, NOTIFICATION_MANAGEMENT_PATH } from './paths';

/**
 * /notice (root only; issue 22): announcements (written, edited, withdrawn and deleted, with how many they reach and
 * how many read them); how notifications go out (the SMTP server and the webhook endpoints, the message
 * templates, the defaults of whom is told what and how often) and the log of every delivery attempt, with a failed
 * delivery sent again.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'notice',
    meta: { titleKey: 'notice.route.group', icon: NotificationOutlined, area: 'notice' },
    children: [
      {
        kind: 'page',
        name: 'noticeList',
        path: NOTICE_LIST_PATH,
        meta: { titleKey: 'notice.route.noticeList', icon: SoundOutlined, area: 'notice' },
        load: () => import('./notice-list'),
      },
      {
        kind: 'page',
        name: 'noticeCreate',
        path: NOTICE_CREATE_PATH,
        meta: { titleKey: 'notice.route.noticeCreate', icon: FormOutlined, area: 'notice' },
        load: () => import('./notice-create'),
      },
      {
        kind: 'page',
        name: 'notificationManagement',
        path: NOTIFICATION_MANAGEMENT_PATH,
        meta: { titleKey: 'notice.route.management', icon: SettingOutlined, area: 'notice' },
        load: () => import('./notification-management'),
      },
      {
        kind: 'page',
        name: 'notificationLog',
        path: NOTIFICATION_LOG_PATH,
        meta: { titleKey: 'notice.route.log', icon: FileSearchOutlined, area: 'notice' },
        load: () => import('./notification-log'),
      },
    ],
  },
];

export const redirects: readonly RouteRedirect[] = [{ from: '/notice', to: NOTICE_LIST_PATH }];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 58;
