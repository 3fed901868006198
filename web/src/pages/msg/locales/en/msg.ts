/** Messages (/msg; issue 22): the routes' titles. */
export default {
  route: {
    group: 'Messages',
    notificationList: 'Notifications',
    announcementList: 'Announcements',
  },
} as const;
