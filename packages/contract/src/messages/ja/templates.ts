import type { AreaMessages } from '../types.js';

const templates: AreaMessages<'templates'> = {
  'error.templateNotFound': 'その権限テンプレートはありません。',
};
export default templates;
