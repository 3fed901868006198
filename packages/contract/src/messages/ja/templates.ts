import type { AreaMessages } from '../types.js';

const templates: AreaMessages<'templates'> = {
  'error.noRegisterWriteRight': 'あなたの権限テンプレートでは {register} を書き込めません。',
  'error.templateNotFound': 'その権限テンプレートはありません。',
};
export default templates;
