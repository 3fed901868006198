import type { LocaleArea } from '@/i18n/types';

/** /device-type/type-config/edit/{id}: the register map editor and its versions (issue 20). */
const typeEdit: LocaleArea<'typeEdit'> = {
  title: '{code} の編集',
  notFound: 'そのコントローラタイプはありません。',
  back: 'コントローラタイプに戻る',
  unsaved: '未保存の変更',
  add: 'レジスタを追加',
  upload: 'アップロード',
  save: '保存',
  cancel: 'キャンセル',
  saved: '{code} をバージョン {version} として保存しました。',
  confirmTitle: '{code} をバージョン {version} として保存しますか？',
  nameMissing: 'この言語の名前を入力してください。',
  problems: '保存前に直す問題が {count} 件あります',
  moreProblems: 'ほか {count} 件',
  help: '2ワードのレジスタは自分の番号と次のアドレスを使います。係数がないときは生値を10の小数桁乗で割った値、あるときは 生値 × 係数 + オフセット です。運転操作レジスタはオペレーターテンプレートが書き込めるレジスタです。運転/停止スイッチは起動停止の権限だけで書き込めます。オプションとビットはそのまま残ります。',
  more: 'オプション / ビット',
  options: '{count} 個のオプション',
  bits: '{count} 個のビット',
  remove: 'レジスタ {number} を削除',
  versions: 'バージョン',
  current: '現在',
  changes: '変更',
  showChanges: '変更を表示',
  changesTitle: 'バージョン {version}（{previous} との差分）',
  order: { 'high-first': '上位ワードが先', 'low-first': '下位ワードが先' },
  encodings: { int: '整数', float32: 'Float32' },
  roles: { none: '—', switch: '運転/停止スイッチ' },
  diff: { none: '変更されたレジスタはありません。', added: '{count} 件追加', removed: '{count} 件削除', changed: '{count} 件変更' },
};

export default typeEdit;
