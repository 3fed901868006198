import type { LocaleArea } from '@/i18n/types';

/** 消息（/msg；issue 22）：路由标题。 */
const msg: LocaleArea<'msg'> = {
  route: {
    group: '消息',
    notificationList: '通知',
    announcementList: '公告',
  },
};
export default msg;
