/** The paths of the notice area's pages (issue 22; routes.ts routes them; the pages link to each other with these). */
export const NOTIFICATION_MANAGEMENT_PATH = '/notice/notification-management';
export const NOTIFICATION_LOG_PATH = '/notice/notification-log';
