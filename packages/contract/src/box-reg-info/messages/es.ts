import type { AreaMessages } from '../../messages/types.js';

const boxRegInfo: AreaMessages<'boxRegInfo'> = {
  'validation.boxId.range': 'El id de caja debe ser como máximo 2147483647',
  'validation.boxId.order': 'El id de caja final no puede ser menor que el inicial',
  'validation.boxId.tooMany': 'Un registro puede abarcar como máximo 1000 cajas',
  'validation.labels.tooMany': 'Una hoja de etiquetas puede cubrir como máximo 500 cajas',
  'error.noBoxesInRange': 'No hay ninguna caja registrada entre {start} y {end}.',
  'validation.pushTimes.range': 'Las veces de envío deben estar entre 0 y 10',
  'error.boxAlreadyRegistered': 'Estos ids de caja ya están registrados: {boxIds}',
  'error.userNotFound': 'No existe ese usuario.',
  'error.downloadExpired': 'Esta descarga ha caducado o ya se usó.',
  // The operation log's name of each action (actions.ts).
  'action.box.register': 'Registro de cajas',
  'action.box.voidLabels': 'Anular etiquetas de reclamación',
};
export default boxRegInfo;
