import type { LocaleArea } from '../../i18n/types';

const serverLog: LocaleArea<'serverLog'> = {
  filter: {
    source: '発生元',
    all: 'すべての発生元',
    server: 'サーバー',
    console: 'コンソール',
  },
  column: {
    time: '日時',
    source: '発生元',
    level: 'レベル',
    message: 'メッセージ',
    username: 'ユーザー',
    url: 'アドレス',
  },
  detail: {
    none: '詳細は記録されていません',
  },
  table: {
    total: '全 {total} 件',
    anonymous: '未ログイン',
  },
};
export default serverLog;
