import type { AreaMessages } from '../../messages/types.js';

const types: AreaMessages<'controllerTypes'> = {
  'validation.type.code': 'El código tiene de 1 a 64 letras minúsculas, dígitos y guiones, y empieza por una letra.',
  'validation.type.name': 'Indique el nombre del tipo en cada idioma.',
  'error.typeCodeTaken': 'Ya existe un tipo de controlador con el código {code}.',
  'error.typeBuiltin': 'Los tipos de controlador integrados no se pueden eliminar.',
  'error.typeInUse': '{count} equipo(s) usan este tipo de controlador; asígneles otro tipo primero.',
  'action.type.copy': 'Copiar un tipo de controlador',
  'action.type.delete': 'Eliminar un tipo de controlador',
  'validation.relation.modelCode': 'El código de modelo tiene de 1 a 64 caracteres.',
  'validation.relation.type': 'Elija un tipo de controlador.',
  'error.relationTypeUnknown': 'No existe ese tipo de controlador.',
  'error.relationNotFound': 'Ninguna relación asigna el código de modelo {code}.',
  'action.relation.save': 'Asignar un código de modelo a un tipo',
  'action.relation.delete': 'Quitar la relación de un código de modelo',
};
export default types;
