import type { LocaleArea } from '@/i18n/types';

const addDevice: LocaleArea<'addDevice'> = {
  boxId: 'ID de caja',
  boxIdHelp: 'El número de la etiqueta de la caja.',
  ck: 'Código CK',
  ckHelp: 'Los cuatro dígitos junto al ID en la etiqueta.',
  submit: 'Añadir equipo',
  done: 'La caja {boxId} es suya: {count, plural, one {# equipo} other {# equipos}}.',
  doneFor: 'La caja {boxId} ahora es de {owner}: {count, plural, one {# equipo} other {# equipos}}.',
  noDevicesYet: 'Sus equipos aparecen aquí cuando la caja se conecta.',
};
export default addDevice;
