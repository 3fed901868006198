import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: 'スマートボックス',
    ipLog: 'IP変更ログ',
    boxCk: 'ボックスCKコード',
    clearFaults: '故障記録の消去',
  },
  clearFaults: {
    help: 'ボックスの終了した故障記録を削除します：すべて、または期間内に始まったもの。まだ続いている故障の記録は残します。先に件数を示して確認を求めます。',
    box: 'ボックス番号',
    boxNeeded: 'ボックス番号を入力してください。',
    range: '開始期間（任意）',
    rangeHelp: '空欄ならすべての期間。',
    submit: '故障記録を消去',
    alsoBox: 'ボックス自身の故障メモリも消去させる',
    alsoBoxHelp: 'ボックスには今すぐ、オフラインなら次にオンラインになったときに故障消去コマンドが届きます。',
    toldSent: 'ボックスに故障メモリの消去を指示しました。',
    toldQueued: 'ボックスはオフラインです。オンラインになったときに故障メモリの消去を指示します。',
    done: 'ボックス {boxId}：故障記録 {deleted} 件を削除しました。まだ続いている {kept} 件は残しました。',
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
