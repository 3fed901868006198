import type { LocaleArea } from '@/i18n/types';

/** La tabla caja-CK (spec 3: número de caja ↔ código CK, con su hora), su importación e historial: /device-type/CK-config y /smartbox/box-ck. */
const boxCk: LocaleArea<'boxCk'> = {
  tabs: { boxes: 'CK de cajas', history: 'Cambios' },
  ck: 'Código CK',
  actions: 'Acciones',
  save: 'Guardar',
  boxSearch: 'Número de caja',
  boxCkFilter: 'Código CK',
  box: 'Número de caja',
  ckCompany: 'Empresa del CK',
  boxCompany: 'Empresa de la caja',
  setAt: 'Fijado',
  setBox: 'Fijar el CK de una caja',
  setBoxTitle: 'El código CK de una caja',
  noCk: 'Ninguno (quitarlo)',
  boxSaved:
    'Caja {boxId}: {devices, plural, =0 {ningún equipo cambió de tipo} one {# equipo cambió de tipo} other {# equipos cambiaron de tipo}}.',
  change: 'Cambiar',
  history: 'Historial',
  boxTotal: '{total, plural, one {# caja} other {# cajas}}',
  import: 'Importar',
  importTitle: 'Importar códigos CK de cajas',
  importHelp:
    'Un archivo .xlsx o .csv (como máximo {size} KB): una primera fila con las columnas «{box}» y «{ck}», y luego una caja por fila. No se escribe nada hasta que el archivo no tenga problemas y usted lo aplique.',
  importProblems: '{count, plural, one {# problema} other {# problemas}}: corrija el archivo y vuelva a elegirlo. No se escribió nada.',
  importChanges:
    '{count, plural, =0 {Ninguna caja cambia de CK} one {# caja cambia de CK} other {# cajas cambian de CK}}; sin cambio: {unchanged}.',
  imported: '{count, plural, one {# caja tomó} other {# cajas tomaron}} su código CK.',
  from: 'De',
  to: 'A',
  at: 'Hora',
  by: 'Por',
  source: 'Cómo',
  sources: { set: 'Fijado', import: 'Importado', register: 'Registrado', demo: 'Datos de demostración' },
  historyTotal: '{total, plural, one {# cambio} other {# cambios}}',
  historyBox: 'Número de caja',
};

export default boxCk;
