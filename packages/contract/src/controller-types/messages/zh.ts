import type { AreaMessages } from '../../messages/types.js';

const types: AreaMessages<'controllerTypes'> = {
  'validation.type.code': '编码须为 1 到 64 个小写字母、数字或连字符，并以字母开头。',
  'validation.type.name': '请填写该类型在每种语言下的名称。',
  'error.typeCodeTaken': '编码为 {code} 的控制器类型已存在。',
  'error.typeBuiltin': '内置控制器类型不能删除。',
  'error.typeInUse': '有 {count} 台设备使用该控制器类型，请先为它们更换类型。',
  'action.type.copy': '复制控制器类型',
  'action.type.delete': '删除控制器类型',
  'validation.relation.modelCode': '型号编码须为 1 到 64 个字符。',
  'validation.relation.type': '请选择控制器类型。',
  'error.relationTypeUnknown': '没有该控制器类型。',
  'error.relationNotFound': '没有映射型号编码 {code} 的关联。',
  'action.relation.save': '映射型号编码到类型',
  'action.relation.delete': '删除型号编码关联',
};
export default types;
