import type { LocaleArea } from '@/i18n/types';

const typeConfig: LocaleArea<'typeConfig'> = {
  search: 'コードまたは名称',
  allKinds: 'すべての種別',
  code: 'コード',
  name: '名称',
  kind: '種別',
  registers: 'レジスタ数',
  version: 'バージョン',
  devices: '機器数',
  updated: '保存日時',
  updatedBy: '保存者',
  release: 'システムリリース',
  builtinTag: '組み込み',
  actions: '操作',
  edit: '編集',
  copy: 'コピー',
  copyTitle: '{code} をコピー',
  copyHelp: '新しいタイプはこのレジスタマップをバージョン 1 として始まります。',
  copyOk: 'コピー',
  copied: 'タイプ {code} を作成しました。',
  nameIn: '名称（{language}）',
  delete: '削除',
  deleteConfirm: 'タイプ {code} を削除しますか？',
  deleted: 'タイプ {code} を削除しました。',
  total: '{total} 件のタイプ',
};
export default typeConfig;
