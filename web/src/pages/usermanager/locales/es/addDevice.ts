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
  scan: {
    camera: 'Escanear la etiqueta',
    photo: 'Subir una foto de la etiqueta',
    cameraTitle: 'Ponga la etiqueta QR delante de la cámara',
    noCamera: 'No se pudo abrir la cámara. Permítala en el navegador o suba una foto de la etiqueta.',
    read: 'Etiqueta leída: caja {boxId}. Demuestra que tiene la caja; no hace falta el código CK.',
    useCk: 'Usar el código CK',
    none: 'No se encontró ninguna etiqueta QR en esta foto. Hágala de nuevo, más cerca y enfocada.',
    foreign: 'Este código QR no es una etiqueta de caja de este sistema.',
    unreadable: 'Este archivo no se pudo leer como imagen.',
  },
};
export default addDevice;
