import type { LocaleArea } from '@/i18n/types';

const profile: LocaleArea<'profile'> = {
  about: {
    title: '自分について',
    username: 'ユーザー名',
    roles: 'ロール',
    level: 'ユーザーレベル',
    introduction: '自己紹介',
    noIntroduction: '自己紹介はありません',
  },
  password: {
    title: 'パスワードの変更',
    current: '現在のパスワード',
    new: '新しいパスワード',
    confirm: '新しいパスワード（確認）',
    submit: 'パスワードを変更',
    success: 'パスワードを変更しました。ほかのセッションはログアウトされ、API キーは失効しました。',
  },
};
export default profile;
