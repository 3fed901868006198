import type { AreaMessages } from '../types.js';

const templates: AreaMessages<'templates'> = {
  'error.noRegisterWriteRight': '您的权限模板不允许修改 {register}。',
  'error.templateNotFound': '没有该权限模板。',
};
export default templates;
