import { api } from '@dms/contract';
import { endpointQuery } from '@/api/call';

/** The banner's read, and how many are unread (a page of one unread: its total). */
export const announcementQueries = {
  banner: () => endpointQuery(api.msg.announcementBanner),
  unread: () => endpointQuery(api.msg.myAnnouncements, { query: { read: 'unread', page: 1, page_size: 1 } }),
};

/** What a read, or a new or changed announcement, changes for its reader. */
export const ANNOUNCEMENT_READS = [api.msg.myAnnouncements, api.msg.announcementBanner] as const;

/** What root's changes change: root's list and the one announcement (and root's own reading of it). */
export const ANNOUNCEMENT_ADMIN = [api.notice.announcements, api.notice.announcement, ...ANNOUNCEMENT_READS] as const;
