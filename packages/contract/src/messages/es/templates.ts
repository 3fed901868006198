import type { AreaMessages } from '../types.js';

const templates: AreaMessages<'templates'> = {
  'error.noRegisterWriteRight': 'Su plantilla de permisos no permite escribir {register}.',
  'error.templateNotFound': 'No existe esa plantilla de permisos.',
};
export default templates;
