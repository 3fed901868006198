import type { AreaMessages } from '../types.js';

const validation: AreaMessages<'validation'> = {
  'validation.field.required': 'Por favor, rellene {field}',
  'validation.field.number': 'Por favor, rellene {field} con un número',
  'validation.field.positiveInteger': 'Por favor, rellene {field} con un entero positivo',
  'validation.field.nonNegativeInteger': 'Por favor, rellene {field} con un entero no negativo',
  'validation.field.tooLong': '{field} es demasiado largo',
  'validation.invalid': 'Valor no válido para {field}',
  'validation.ck.format': '¡El código CK debe tener cuatro dígitos!',
  'validation.date.format': '{field} debe ser una fecha (AAAA-MM-DD)',
};
export default validation;
