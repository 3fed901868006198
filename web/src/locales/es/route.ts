import type { LocaleArea } from '../../i18n/types';

const route: LocaleArea<'route'> = {
  login: 'Iniciar sesión',
  mlogin: 'Iniciar sesión',
  authRedirect: 'Iniciando sesión',
  dashboard: 'Panel',
  profile: 'Perfil',
  usermanager: 'Usuarios',
  changePassword: 'Cambiar contraseña',
  operationLog: 'Registro de operaciones',
  datalog: 'Registros de datos',
  serverLog: 'Registro del servidor',
  notFound: 'Página no encontrada',
  unauthorized: 'Sin permiso',
};
export default route;
