/** Messages (/msg; issue 22): the routes' titles. */
export default {
  route: {
    group: 'Messages',
    notificationList: 'Notifications',
  },
} as const;
