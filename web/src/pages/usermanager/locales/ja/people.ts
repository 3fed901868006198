import type { LocaleArea } from '@/i18n/types';

const people: LocaleArea<'people'> = {
  newPassword: '{username} の新しいパスワード',
  password: 'パスワード',
  passwordSet: 'パスワードを変更しました。このユーザーのセッションはログアウトされました。',
  template: '権限テンプレート',
  templateFor: '{username} の権限テンプレート',
  templateHelp: 'テンプレートは、アクセスできる各機器で閲覧・書き込みできるレジスタを決めます。',
  templateSet: 'テンプレートを変更しました。',
  username: 'ユーザー名',
  name: '氏名',
  company: '会社',
};
export default people;
