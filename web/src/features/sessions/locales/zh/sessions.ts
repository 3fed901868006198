import type { LocaleArea } from '@/i18n/types';

/** 已登录的会话（issue 27）：个人资料中是自己的，/tools/sessions（root）中是所有用户的。 */
const sessions: LocaleArea<'sessions'> = {
  title: '已登录的会话',
  column: {
    user: '用户',
    browser: '浏览器',
    address: '地址',
    signedIn: '登录时间',
    lastActive: '最近活动',
  },
  current: '当前会话',
  unknownBrowser: '未知浏览器',
  end: '结束',
  endConfirm: '结束此会话？使用它的人将立即退出登录。',
  ended: '会话已结束。',
  endOthers: '结束所有其他会话',
  endOthersConfirm: '结束除当前会话以外的所有会话？每个会话都将立即退出登录。',
  endedOthers: '{count, plural, =0 {没有其他会话需要结束。} other {已结束 # 个会话。}}',
  total: '{total, plural, other {共 # 个会话}}',
  search: '用户名',
};
export default sessions;
