import type { LocaleArea } from '@/i18n/types';

const route: LocaleArea<'route'> = {
  login: 'ログイン',
  mlogin: 'ログイン',
  authRedirect: 'ログイン中',
  dashboard: 'ダッシュボード',
  profile: 'プロフィール',
  notFound: 'ページが見つかりません',
  unauthorized: '権限がありません',
};
export default route;
