import type { AreaMessages } from '../../messages/types.js';

const history: AreaMessages<'history'> = {
  'validation.registers.list': 'Los registros deben ser una lista separada por comas de hasta 20 números de registro',
  'validation.range.order': 'El final del intervalo debe ser posterior a su inicio',
  'validation.range.tooLong': 'Un intervalo de tiempo puede abarcar como máximo 366 días',
  'validation.range.tooManyCandles': 'Demasiadas velas: elija un intervalo más corto o un periodo más largo',
};
export default history;
