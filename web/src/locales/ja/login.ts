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
  secondStep: {
    title: '2 段階認証ログイン',
    hint: '認証アプリの 6 桁のコード、またはリカバリーコードのいずれかを入力してください。',
    code: 'コード',
    placeholder: '123456 またはリカバリーコード',
    required: 'コードを入力してください。',
    submit: '確認',
    back: 'ログインに戻る',
  },
};
export default login;
