import type { LocaleArea } from '@/i18n/types';

/** /device-type/type-config/edit/{id}: the register map editor and its versions (issue 20). */
const typeEdit: LocaleArea<'typeEdit'> = {
  title: 'Editar {code}',
  notFound: 'No existe ese tipo de controlador.',
  back: 'Volver a los tipos de controlador',
  unsaved: 'Cambios sin guardar',
  add: 'Añadir registro',
  upload: 'Subir',
  save: 'Guardar',
  cancel: 'Cancelar',
  saved: '{code} guardado como versión {version}.',
  confirmTitle: '¿Guardar {code} como versión {version}?',
  nameMissing: 'Escriba el nombre en este idioma.',
  problems: '{count, plural, one {# problema que corregir antes de guardar} other {# problemas que corregir antes de guardar}}',
  moreProblems: 'y {count} más',
  help: 'Un registro de dos palabras ocupa su número y la dirección siguiente. Sin factor, el valor es el bruto dividido por 10 elevado a los decimales; con factor, bruto × factor + desplazamiento. Un registro de operación es uno que la plantilla Operador puede escribir; un interruptor de marcha/paro solo necesita el derecho de encendido. Las opciones y los bits se conservan.',
  more: 'Opciones / bits',
  options: '{count} opciones',
  bits: '{count} bits',
  remove: 'Quitar el registro {number}',
  versions: 'Versiones',
  current: 'actual',
  changes: 'Cambios',
  showChanges: 'Ver cambios',
  changesTitle: 'Versión {version} frente a {previous}',
  order: { 'high-first': 'Palabra alta primero', 'low-first': 'Palabra baja primero' },
  encodings: { int: 'Entero', float32: 'Float32' },
  roles: { none: '—', switch: 'Interruptor de marcha/paro' },
  diff: { none: 'Ningún registro cambió.', added: '{count} añadidos', removed: '{count} quitados', changed: '{count} cambiados' },
};

export default typeEdit;
