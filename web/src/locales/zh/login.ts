import type { LocaleArea } from '@/i18n/types';

const login: LocaleArea<'login'> = {
  form: {
    title: '系统登录',
    subtitle: '登录后即可监控和管理您的设备',
    username: '用户名',
    usernamePlaceholder: '用户名',
    password: '密码',
    passwordPlaceholder: '密码',
    submit: '登录',
  },
  authRedirect: {
    forwarding: '正在前往您的页面…',
  },
};
export default login;
