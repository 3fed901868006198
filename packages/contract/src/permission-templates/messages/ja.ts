import type { AreaMessages } from '../../messages/types.js';

const templates: AreaMessages<'permissionTemplates'> = {
  'error.noRegisterWriteRight': 'あなたの権限テンプレートでは {register} を書き込めません。',
  'error.templateNotFound': 'その権限テンプレートはありません。',
  'validation.template.name': 'テンプレート名を入力してください。',
  'validation.template.level': 'レベルは1（root）から8（エンドユーザー）までの整数です。',
  'validation.template.tooManyRights': '1つのテンプレートで指定できるレジスタ権限は4,000件までです。',
  'error.templateNameTaken': '同じ名前のテンプレートがすでにあります。',
  'error.templateBuiltin': '組み込みテンプレートは削除できません。',
  'error.templateInUse': '{count} 人のユーザーがこのテンプレートを使用中です。先に別のテンプレートを割り当ててください。',
  'error.templateUnknownRegister': 'コントローラ種別 {typeId} にレジスタ {register} はありません。',
  'error.templateWriteOnlyWritable': '種別 {typeId} のレジスタ {register} は書き込みできません。',
  'error.noRegisterReadRight': '権限テンプレートでレジスタ {register} の閲覧が許可されていません。',
  'error.templateBuiltinName': '組み込みテンプレートの名前は変更できません。',
  'error.templateNameBuiltin': 'この名前は組み込みテンプレートのものです。別の名前にしてください。',
  'error.templateRightTwice': 'タイプ {typeId} のレジスタ {register} が2回指定されています。各レジスタは1回だけ指定してください。',
  // The operation log's name of each action (actions.ts).
  'action.template.create': 'テンプレートの作成',
  'action.template.save': 'テンプレートの保存',
  'action.template.delete': 'テンプレートの削除',
};
export default templates;
