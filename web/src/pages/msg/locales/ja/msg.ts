import type { LocaleArea } from '@/i18n/types';

/** メッセージ（/msg；issue 22）：ルートのタイトル。 */
const msg: LocaleArea<'msg'> = {
  route: {
    group: 'メッセージ',
    notificationList: '通知',
    announcementList: 'お知らせ',
  },
};
export default msg;
