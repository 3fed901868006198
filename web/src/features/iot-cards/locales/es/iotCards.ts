import type { LocaleArea } from '@/i18n/types';

/** Tarjetas IoT (issue 22): la lista de la barra superior y los registros de tarjetas de root y limited_admin. */
const iotCards: LocaleArea<'iotCards'> = {
  badge: 'Tarjetas IoT que caducan este mes',
  title: 'Tarjetas IoT que caducan',
  month: { this_month: 'Este mes', next_month: 'Mes próximo', expired: 'Caducadas' },
  search: 'Número de caja, ICCID, empresa u operador',
  column: {
    box: 'Caja',
    devices: 'Dispositivos',
    company: 'Empresa',
    iccid: 'ICCID de la tarjeta',
    provider: 'Operador',
    expiry: 'Fecha de caducidad',
    daysLeft: 'Días restantes',
    actions: 'Acciones',
  },
  daysLeft: '{days, plural, one {# día} other {# días}}',
  today: 'Hoy',
  daysAgo: '{days, plural, one {hace # día} other {hace # días}}',
  total: '{total, plural, one {# tarjeta} other {# tarjetas}}',
  notSet: 'Sin fijar',
  edit: 'Fijar caducidad',
  save: 'Guardar',
  saved: 'La tarjeta se guardó.',
  import: 'Importar',
  importTitle: 'Importar tarjetas IoT',
  importHelp:
    'Una hoja (.xlsx o .csv, como máximo {size} KB) con las columnas ICCID, Fecha de caducidad (AAAA-MM-DD) y, si quiere, Operador. Una tarjeta que ninguna caja ha informado aún se guarda y se asocia cuando una lo haga.',
  importProblems: '{count, plural, one {# problema} other {# problemas}}: corrija el archivo y elíjalo de nuevo. No se escribió nada.',
  importChanges: 'Se fijarán {count, plural, one {# tarjeta} other {# tarjetas}}; {unchanged} sin cambios.',
  imported: '{count, plural, one {Se fijó # tarjeta} other {Se fijaron # tarjetas}}.',
  known: 'Conocida',
  newCard: 'Nueva',
};

export default iotCards;
