import type { LocaleArea } from '@/i18n/types';

const route: LocaleArea<'route'> = {
  login: 'ログイン',
  mlogin: 'ログイン',
  authRedirect: 'ログイン中',
  dashboard: 'ダッシュボード',
  profile: 'プロフィール',
  usermanager: 'ユーザー管理',
  changePassword: 'パスワード変更',
  addDevice: '機器の追加',
  editManager: 'サブ管理者',
  addManager: 'サブ管理者の追加',
  managerDevice: 'サブ管理者の機器',
  editHelper: 'ヘルパー',
  addHelper: 'ヘルパーの追加',
  helperDevice: 'ヘルパーの機器',
  deviceType: '機器タイプ',
  permissionTemplates: '権限テンプレート',
  permissionModify: '権限テンプレートの編集',
  operationLog: '操作ログ',
  datalog: 'データログ',
  serverLog: 'サーバーログ',
  notFound: 'ページが見つかりません',
  unauthorized: '権限がありません',
};
export default route;
