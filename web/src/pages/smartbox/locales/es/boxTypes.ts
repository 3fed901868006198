import type { LocaleArea } from '@/i18n/types';

const boxTypes: LocaleArea<'boxTypes'> = {
  tab: 'Tipos de caja',
  list: {
    title: 'Tipos de caja',
    help: 'Cada tipo de caja tiene una configuración: los parámetros que guardan sus cajas, con sus valores predeterminados y rangos. Un tipo que un registro nombra por primera vez se añade aquí.',
    search: 'Tipo de caja',
    code: 'Tipo de caja',
    version: 'Configuración',
    none: 'ninguna aún',
    params: 'Parámetros',
    boxes: 'Cajas',
    saved: 'Guardada',
    release: 'versión de fábrica',
    configure: 'Configurar',
    protocol: 'Protocolo',
    total: '{total, plural, one {# tipo de caja} other {# tipos de caja}}',
  },
  upload: {
    title: 'Configuración de {code}',
    language: 'Idioma del archivo',
    template: 'Descargar la plantilla',
    help: 'Descargue la plantilla, edítela y súbala como .xlsx o .csv ({size} KB como máximo). Los nombres y notas se leen en {language}; un parámetro conserva sus nombres en los otros idiomas. No se guarda nada hasta que lo aplique.',
    choose: 'Elegir un archivo',
    nothingSaved: 'No se guardó nada.',
    previewTitle: '{count, plural, one {# parámetro leído} other {# parámetros leídos}}',
    apply: 'Aplicar como versión {version}',
    problems: '{count, plural, one {# problema que corregir antes} other {# problemas que corregir antes}}',
    namesCopied:
      '{count, plural, one {# parámetro nuevo se llama} other {# parámetros nuevos se llaman}} en los otros idiomas como en {language}: suba el archivo también en esos idiomas.',
    changes: 'Cambios respecto a la versión en uso',
    saved: '{code}: versión {version} de la configuración guardada.',
    diff: {
      none: 'No cambia nada.',
      added: '{count, plural, one {# parámetro añadido} other {# parámetros añadidos}}',
      removed: '{count, plural, one {# parámetro eliminado} other {# parámetros eliminados}}',
      changed: '{count, plural, one {# parámetro cambiado} other {# parámetros cambiados}}',
    },
  },
  protocol: {
    title: 'Protocolo de {code}',
    notFound: 'No existe ese tipo de caja, versión o idioma.',
    back: 'Volver a los tipos de caja',
    saved: 'Guardada',
    params: 'Parámetros',
    empty: 'Este tipo de caja aún no tiene configuración.',
  },
};
export default boxTypes;
