import type { LocaleArea } from '@/i18n/types';

/** ログイン中のセッション（issue 27）：自分のものはプロフィールに、全ユーザーのものは /tools/sessions（root）に。 */
const sessions: LocaleArea<'sessions'> = {
  title: 'ログイン中のセッション',
  column: {
    user: 'ユーザー',
    browser: 'ブラウザ',
    address: 'アドレス',
    signedIn: 'ログイン日時',
    lastActive: '最終アクティブ',
  },
  current: 'このセッション',
  unknownBrowser: '不明なブラウザ',
  end: '終了',
  endConfirm: 'このセッションを終了しますか？使用中の人はすぐにログアウトされます。',
  ended: 'セッションを終了しました。',
  endOthers: '他のセッションをすべて終了',
  endOthersConfirm: 'このセッション以外のすべてのセッションを終了しますか？それぞれすぐにログアウトされます。',
  endedOthers: '{count, plural, =0 {終了する他のセッションはありませんでした。} other {# 件のセッションを終了しました。}}',
  total: '{total, plural, other {# 件のセッション}}',
  search: 'ユーザー名',
};
export default sessions;
