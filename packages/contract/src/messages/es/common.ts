import type { AreaMessages } from '../types.js';

const common: AreaMessages<'common'> = {
  'error.forbidden': 'No tiene permiso para hacer esto.',
  'error.notFound': 'No encontrado.',
  'error.internal': 'Algo ha fallado en el servidor. Vuelva a intentarlo más tarde.',
  'error.payloadTooLarge': 'La solicitud es demasiado grande.',
};
export default common;
