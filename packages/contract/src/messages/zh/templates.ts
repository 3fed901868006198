import type { AreaMessages } from '../types.js';

const templates: AreaMessages<'templates'> = {
  'error.templateNotFound': '没有该权限模板。',
};
export default templates;
