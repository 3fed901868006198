import type { AreaMessages } from '../types.js';

const exports: AreaMessages<'exports'> = {
  'error.exportTooLarge': 'Una exportación puede tener como máximo {max} filas; restrinja el filtro.',
  'error.exportNotReady': 'Esta exportación aún no está lista.',
};
export default exports;
