/** The reader's list of announcements (/msg, everyone but market): the banner links to it. */
export const ANNOUNCEMENT_LIST_PATH = '/msg/announcement-list';
