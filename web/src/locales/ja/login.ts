import type { LocaleArea } from '@/i18n/types';

const login: LocaleArea<'login'> = {
  form: {
    title: 'ログイン',
    subtitle: 'ログインしてデバイスを監視・管理します',
    username: 'ユーザー名',
    usernamePlaceholder: 'ユーザー名',
    password: 'パスワード',
    passwordPlaceholder: 'パスワード',
    submit: 'ログイン',
  },
  authRedirect: {
    forwarding: 'ページに移動しています…',
  },
};
export default login;
