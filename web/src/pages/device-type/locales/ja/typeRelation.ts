import type { LocaleArea } from '@/i18n/types';

const typeRelation: LocaleArea<'typeRelation'> = {
  search: 'モデルコードまたはタイプ',
  new: 'モデルコードを割り当て',
  modelCode: 'モデルコード',
  type: 'コントローラータイプ',
  devices: '機器数',
  updated: '保存日時',
  updatedBy: '保存者',
  actions: '操作',
  change: '変更',
  remove: '削除',
  removeConfirm: '{code} の関連付けを削除しますか？その機器は同じコードのタイプに戻るか、タイプなしになります。',
  removed: '{code} の関連付けを削除しました。',
  save: '保存',
  saved: '{code} は {type} に対応しました：{devices} 台の機器が従います。',
  editTitle: 'モデルコード {code}',
  help: 'ボックスはコントローラーごとにモデルコードを報告します。ここで割り当てたコードの機器はすぐにこのタイプになり、このコードを報告する新しいボックスも同様です。',
  unmapped: 'タイプなしで報告',
  unmappedHelp: 'フリートが報告しているが、関連付けにもタイプにも該当しないモデルコードです。選ぶと割り当てられます。',
  unmappedNone: 'フリートが報告するすべてのコードにタイプがあります。',
  unmappedCount: '{code} · {devices} 台',
  total: '{total} 件の関連付け',
};
export default typeRelation;
