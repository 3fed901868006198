import type { LocaleArea } from '../../i18n/types';

const dashboard: LocaleArea<'dashboard'> = {
  welcome: {
    greeting: 'ようこそ、{name}さん',
    roles: 'ロール',
    level: 'ユーザーレベル',
    ck: 'CKコード',
    manager: '管理者アカウント',
    yes: 'はい',
    no: 'いいえ',
  },
  pages: {
    title: '利用できるページ',
    open: '開く',
  },
  page: {
    profile: 'アカウント情報とパスワード。',
    changePassword: 'ログインに使うパスワードを変更します。',
    operationLog: '誰が、いつ、どこから何をしたか。',
    serverLog: 'サーバーが記録したエラーと、コンソールから報告されたエラー。',
  },
};
export default dashboard;
