import type { LocaleArea } from '@/i18n/types';

/** Sesiones iniciadas (issue 27): las propias en el perfil, las de todos los usuarios en /tools/sessions (root). */
const sessions: LocaleArea<'sessions'> = {
  title: 'Sesiones iniciadas',
  column: {
    user: 'Usuario',
    browser: 'Navegador',
    address: 'Dirección',
    signedIn: 'Inicio de sesión',
    lastActive: 'Última actividad',
  },
  current: 'Esta sesión',
  unknownBrowser: 'Navegador desconocido',
  end: 'Finalizar',
  endConfirm: '¿Finalizar esta sesión? Quien la use saldrá de inmediato.',
  ended: 'La sesión se ha finalizado.',
  endOthers: 'Finalizar las demás sesiones',
  endOthersConfirm: '¿Finalizar todas sus sesiones excepto esta? Cada una saldrá de inmediato.',
  endedOthers: '{count, plural, =0 {No había otra sesión que finalizar.} one {Se finalizó # sesión.} other {Se finalizaron # sesiones.}}',
  total: '{total, plural, one {# sesión} other {# sesiones}}',
  search: 'Nombre de usuario',
};
export default sessions;
