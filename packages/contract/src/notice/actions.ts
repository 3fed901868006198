/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = [
  'notice.settings',
  'notice.smtp',
  'notice.webhookCreate',
  'notice.webhookUpdate',
  'notice.webhookSecret',
  'notice.webhookDelete',
  'notice.template',
  'notice.templateReset',
  'notice.retry',
  'notice.announcementCreate',
  'notice.announcementUpdate',
  'notice.announcementWithdraw',
  'notice.announcementDelete',
] as const;
