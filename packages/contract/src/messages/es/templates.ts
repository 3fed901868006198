import type { AreaMessages } from '../types.js';

const templates: AreaMessages<'templates'> = {
  'error.templateNotFound': 'No existe esa plantilla de permisos.',
};
export default templates;
