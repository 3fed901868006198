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
  secondStep: {
    title: '两步验证登录',
    hint: '请输入身份验证器应用中的 6 位验证码，或一个恢复码。',
    code: '验证码',
    placeholder: '123456 或恢复码',
    required: '请输入验证码。',
    submit: '验证',
    back: '返回登录',
  },
};
export default login;
