import type { AreaMessages } from '../../messages/types.js';

const types: AreaMessages<'controllerTypes'> = {
  'validation.type.code': 'El código tiene de 1 a 64 letras minúsculas, dígitos y guiones, y empieza por una letra.',
  'validation.type.name': 'Indique el nombre del tipo en cada idioma.',
  'error.typeCodeTaken': 'Ya existe un tipo de controlador con el código {code}.',
  'error.typeBuiltin': 'Los tipos de controlador integrados no se pueden eliminar.',
  'error.typeInUse': '{count} equipo(s) usan este tipo de controlador; asígneles otro tipo primero.',
  'action.type.create': 'Crear un tipo de controlador',
  'action.type.copy': 'Copiar un tipo de controlador',
  'action.type.delete': 'Eliminar un tipo de controlador',
  'validation.relation.modelCode': 'El código de modelo tiene de 1 a 64 caracteres.',
  'validation.relation.type': 'Elija un tipo de controlador.',
  'error.relationTypeUnknown': 'No existe ese tipo de controlador.',
  'error.relationNotFound': 'Ninguna relación asigna el código de modelo {code}.',
  'action.relation.save': 'Asignar un código de modelo a un tipo',
  'action.relation.delete': 'Quitar la relación de un código de modelo',
  'validation.typeMap.empty': 'Un tipo necesita al menos un registro.',
  'validation.typeMap.tooMany': 'Un mapa de registros tiene como máximo 512 registros.',
  'validation.typeMap.numberRange':
    'Fila {row}: el registro {number} está fuera de rango (0 a 65535; un registro de dos palabras, 0 a 65534).',
  'validation.typeMap.numberTwice': 'Fila {row}: el registro {number} también está en la fila {other}.',
  'validation.typeMap.key': 'Fila {row}: la clave tiene de 1 a 64 minúsculas, dígitos y _, y empieza por una letra.',
  'validation.typeMap.keyTwice': 'Fila {row}: la clave {key} también está en la fila {other}.',
  'validation.typeMap.translation': 'Fila {row}: falta el nombre en {language}.',
  'validation.typeMap.decimals': 'Fila {row}: los decimales van de 0 a 6.',
  'validation.typeMap.floatWords': 'Fila {row}: un registro float32 ocupa dos palabras.',
  'validation.typeMap.factor': 'Fila {row}: el factor no puede ser 0.',
  'validation.typeMap.minMax': 'Fila {row}: el mínimo {min} es mayor que el máximo {max}.',
  'validation.typeMap.bitRange': 'Fila {row}: el bit {bit} está fuera del registro; sus bits van de 0 a {max}.',
  'validation.typeMap.overlap':
    'Fila {row}: el registro {number} ocupa dos palabras y se solapa con el registro {other} de la fila {otherRow}.',
  'error.typeVersionChanged':
    'Otra persona guardó este tipo mientras tanto (ahora es la versión {version}). Ábralo de nuevo para ver su cambio.',
  'action.type.save': 'Guardar un tipo de controlador',
};
export default types;
