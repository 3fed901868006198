/** The notification list's path (/msg, everyone but market): the bell opens it. */
export const NOTIFICATION_LIST_PATH = '/msg/notification-list';
