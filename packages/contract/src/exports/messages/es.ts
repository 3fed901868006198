import type { AreaMessages } from '../../messages/types.js';

const exports: AreaMessages<'exports'> = {
  'error.exportTooLarge': 'Una exportación puede tener como máximo {max} filas; restrinja el filtro.',
  'validation.timeZone': '{field} debe ser una zona horaria como Asia/Shanghai o UTC',
  'error.exportNotReady': 'Esta exportación aún no está lista.',
  'error.exportLost': 'El servidor que generaba esta exportación se detuvo. Vuelva a exportar.',
};
export default exports;
