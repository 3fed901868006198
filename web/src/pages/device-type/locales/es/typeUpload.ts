import type { LocaleArea } from '@/i18n/types';

/** /device-type/type-config/upload/{id}/{language} (issue 20). */
const typeUpload: LocaleArea<'typeUpload'> = {
  title: 'Subir el mapa de registros de {code}',
  language: 'Idioma',
  template: 'Descargar plantilla',
  help: 'La plantilla es el mapa actual, un registro por fila, con los nombres en {language}. Edítela y súbala como .xlsx o .csv (como máximo {size} KB): se lee y se comprueba, y no se guarda nada hasta que la aplique. Las columnas que falten conservan lo que tiene cada registro; las opciones y los bits se conservan.',
  choose: 'Elegir un archivo…',
  nothingSaved: 'No se guardó nada.',
  previewTitle: '{count, plural, one {Lo que produce el archivo: # registro} other {Lo que produce el archivo: # registros}}',
  apply: 'Aplicar como versión {version}',
  problems:
    '{count, plural, one {# problema: corrija el archivo y súbalo de nuevo; no se guarda nada} other {# problemas: corrija el archivo y súbalo de nuevo; no se guarda nada}}',
  namesCopied:
    '{count, plural, one {# registro nuevo lleva} other {# registros nuevos llevan}} en todos los idiomas el nombre en {language}: tradúzcalos en el editor.',
  changes: 'Cambios frente a la versión actual',
  coding: 'Palabras',
  words: '{count, plural, one {# palabra} other {# palabras}}',
  yes: 'Sí',
  no: 'No',
};

export default typeUpload;
