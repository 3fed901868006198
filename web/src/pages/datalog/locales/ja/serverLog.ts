import type { LocaleArea } from '@/i18n/types';

const serverLog: LocaleArea<'serverLog'> = {
  view: {
    label: 'エラーの種類',
    server: 'サーバーのエラー',
    console: 'コンソールのエラー',
  },
  column: {
    time: '日時',
    level: 'レベル',
    message: 'メッセージ',
    username: 'ユーザー',
    url: 'アドレス',
    userAgent: 'ブラウザー',
  },
  detail: {
    none: '詳細は記録されていません',
  },
  table: {
    total: '全 {total} 件',
    anonymous: '未ログイン',
  },
  hint: {
    console:
      'ログイン中のコンソールが報告したエラー：セッションごとに 1 分あたり最大 10 件、最新の 10,000 件をサーバーのエラーとは別に保存します。',
  },
};
export default serverLog;
