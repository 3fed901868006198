/** The paths of the notice area's pages (issue 22; routes.ts routes them; the pages link to each other with these). */
export const NOTIFICATION_MANAGEMENT_PATH = '/notice/notification-management';
export const NOTIFICATION_LOG_PATH = '/notice/notification-log';
export const NOTICE_LIST_PATH = '/notice/notice-list';
export const NOTICE_CREATE_PATH = '/notice/notice-create';
/** The form with announcement `id` to edit. */
export const noticeEditPath = (id: number) => `${NOTICE_CREATE_PATH}?id=${id}`;
