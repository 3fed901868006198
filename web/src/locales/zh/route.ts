import type { LocaleArea } from '@/i18n/types';

const route: LocaleArea<'route'> = {
  login: '登录',
  mlogin: '登录',
  authRedirect: '正在登录',
  dashboard: '首页',
  profile: '个人中心',
  notFound: '页面不存在',
  unauthorized: '没有权限',
};
export default route;
