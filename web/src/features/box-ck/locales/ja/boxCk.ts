import type { LocaleArea } from '@/i18n/types';

/** ボックスCK表（仕様 3：ボックス番号 ↔ CKコード、時刻付き）、そのインポートと履歴：/device-type/CK-config と /smartbox/box-ck。 */
const boxCk: LocaleArea<'boxCk'> = {
  tabs: { boxes: 'ボックスCK', history: '変更履歴' },
  ck: 'CKコード',
  actions: '操作',
  save: '保存',
  boxSearch: 'ボックス番号',
  boxCkFilter: 'CKコード',
  box: 'ボックス番号',
  ckCompany: 'CKの会社',
  boxCompany: 'ボックスの会社',
  setAt: '設定日時',
  setBox: 'ボックスのCKを設定',
  setBoxTitle: 'ボックスのCKコード',
  noCk: 'なし（外す）',
  boxSaved: 'ボックス {boxId}：{devices} 台の機器のタイプが変わりました。',
  change: '変更',
  history: '履歴',
  boxTotal: 'ボックス {total} 台',
  import: 'インポート',
  importTitle: 'ボックスCKコードのインポート',
  importHelp:
    '.xlsx または .csv ファイル（最大 {size} KB）：1行目に列名「{box}」と「{ck}」、以降は1行に1ボックス。ファイルに問題がなく、適用するまで何も書き込まれません。',
  importProblems: '問題 {count} 件：ファイルを直して選び直してください。何も書き込まれていません。',
  importChanges: '{count} 台のボックスのCKが変わります。{unchanged} 台は既にそのCKです。',
  imported: '{count} 台のボックスにCKコードを設定しました。',
  from: '変更前',
  to: '変更後',
  at: '日時',
  by: '実行者',
  source: '方法',
  sources: { set: '設定', import: 'インポート', register: '登録', demo: 'デモ設定' },
  historyTotal: '変更 {total} 件',
  historyBox: 'ボックス番号',
};

export default boxCk;
