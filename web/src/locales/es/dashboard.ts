import type { LocaleArea } from '../../i18n/types';

const dashboard: LocaleArea<'dashboard'> = {
  welcome: {
    greeting: 'Bienvenido, {name}',
    roles: 'Roles',
    level: 'Nivel de usuario',
    ck: 'Código CK',
    manager: 'Cuenta de gestor',
    yes: 'Sí',
    no: 'No',
  },
  pages: {
    title: 'Sus páginas',
    open: 'Abrir',
  },
  page: {
    profile: 'Los datos de su cuenta y su contraseña.',
    changePassword: 'Cambie la contraseña con la que inicia sesión.',
    operationLog: 'Quién hizo qué, cuándo y desde dónde.',
    serverLog: 'Errores registrados por el servidor y notificados por las consolas.',
  },
};
export default dashboard;
