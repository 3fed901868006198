import type { AreaMessages } from '../../messages/types.js';

const templates: AreaMessages<'permissionTemplates'> = {
  'error.noRegisterWriteRight': '您的权限模板不允许修改 {register}。',
  'error.templateNotFound': '没有该权限模板。',
  'validation.template.name': '请输入模板名称。',
  'validation.template.level': '级别必须是1（root）到8（终端用户）之间的整数。',
  'validation.template.tooManyRights': '一个模板最多可指定4000条寄存器权限。',
  'error.templateNameTaken': '已存在同名模板。',
  'error.templateBuiltin': '内置模板不能删除。',
  'error.templateInUse': '有 {count} 个用户正在使用此模板，请先为他们更换模板。',
  'error.templateUnknownRegister': '控制器类型 {typeId} 没有寄存器 {register}。',
  'error.templateWriteOnlyWritable': '类型 {typeId} 的寄存器 {register} 不可写。',
  'error.noRegisterReadRight': '您的权限模板不允许读取寄存器 {register}。',
  'error.templateBuiltinName': '内置模板不能改名。',
  'error.templateNameBuiltin': '此名称属于内置模板，请换一个名称。',
  'error.templateRightTwice': '类型 {typeId} 的寄存器 {register} 出现了两次，每个寄存器只能指定一次。',
  // The operation log's name of each action (actions.ts).
  'action.template.create': '新建权限模板',
  'action.template.save': '保存权限模板',
  'action.template.delete': '删除权限模板',
};
export default templates;
