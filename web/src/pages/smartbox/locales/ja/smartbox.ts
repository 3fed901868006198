import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: 'スマートボックス',
    ipLog: 'IP変更ログ',
    boxCk: 'ボックスCKコード',
  },
  boxCk: {
    help: '各ボックスのCKコード（4桁）と設定時刻：1件ずつ設定、シートのインポート、すべての変更の確認。デバイスタイプのCKコードページと同じ表です。',
  },
  ipLog: {
    boxId: 'ボックスID',
    sourceIp: '変更元IP',
    destinationIp: '変更先IP',
    time: '日時',
    total: '全 {total} 件',
  },
};
export default smartbox;
