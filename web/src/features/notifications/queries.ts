import { api } from '@dms/contract';
import { endpointQuery } from '@/api/call';

/** The reads the bell and the list share, named once (a change of either refreshes both). */
export const notificationQueries = {
  unread: () => endpointQuery(api.msg.unread),
  latestUnread: () => endpointQuery(api.msg.notifications, { query: { read: 'unread', page: 1, page_size: 6 } }),
  preferences: () => endpointQuery(api.msg.preferences),
};

/** What a read, an acknowledgement or a new notification changes. */
export const NOTIFICATION_READS = [api.msg.notifications, api.msg.unread] as const;
