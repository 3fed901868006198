import { BellOutlined, FileSearchOutlined, PlusCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { RouteRedirect, ShellRoute } from '@/app/route-types';
import { EVENTS_ADD_PATH, EVENTS_LIST_PATH, EVENTS_LOG_PATH } from './paths';

/**
 * /events (root only; issue 21): the rules an engineer writes on a controller type's registers, the form that adds
 * one or (`?id=N`) saves one as its next version, and the log of the events they start and end. The form is not kept
 * alive: leaving it drops a rule half written, and opening it again starts afresh.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'events',
    meta: { titleKey: 'events.route.group', icon: BellOutlined, area: 'events' },
    children: [
      {
        kind: 'page',
        name: 'eventsList',
        path: EVENTS_LIST_PATH,
        meta: { titleKey: 'events.route.list', icon: UnorderedListOutlined, area: 'events' },
        load: () => import('./events-list'),
      },
      {
        kind: 'page',
        name: 'eventsAdd',
        path: EVENTS_ADD_PATH,
        meta: { titleKey: 'events.route.add', icon: PlusCircleOutlined, area: 'events', noCache: true },
        load: () => import('./events-add'),
      },
      {
        kind: 'page',
        name: 'eventsLog',
        path: EVENTS_LOG_PATH,
        meta: { titleKey: 'events.route.log', icon: FileSearchOutlined, area: 'events' },
        load: () => import('./events-log'),
      },
    ],
  },
];

export const redirects: readonly RouteRedirect[] = [{ from: '/events', to: EVENTS_LIST_PATH }];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 55;
