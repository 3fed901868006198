import type { AreaMessages } from '../../messages/types.js';

const types: AreaMessages<'controllerTypes'> = {
  'validation.type.code': 'コードは英小文字で始まる、英小文字・数字・ハイフンの 1〜64 文字です。',
  'validation.type.name': 'タイプ名をすべての言語で入力してください。',
  'error.typeCodeTaken': 'コード {code} のコントローラータイプはすでに存在します。',
  'error.typeBuiltin': '組み込みのコントローラータイプは削除できません。',
  'error.typeInUse': '{count} 台の機器がこのコントローラータイプを使用しています。先に別のタイプを割り当ててください。',
  'action.type.copy': 'コントローラータイプのコピー',
  'action.type.delete': 'コントローラータイプの削除',
  'validation.relation.modelCode': 'モデルコードは 1〜64 文字です。',
  'validation.relation.type': 'コントローラータイプを選択してください。',
  'error.relationTypeUnknown': 'そのコントローラータイプはありません。',
  'error.relationNotFound': 'モデルコード {code} を割り当てる関連付けはありません。',
  'action.relation.save': 'モデルコードをタイプに割り当て',
  'action.relation.delete': 'モデルコードの関連付けの削除',
};
export default types;
