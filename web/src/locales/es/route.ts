import type { LocaleArea } from '@/i18n/types';

const route: LocaleArea<'route'> = {
  login: 'Iniciar sesión',
  mlogin: 'Iniciar sesión',
  authRedirect: 'Iniciando sesión',
  dashboard: 'Panel',
  profile: 'Perfil',
  usermanager: 'Usuarios',
  changePassword: 'Cambiar contraseña',
  addDevice: 'Añadir equipo',
  editManager: 'Subadministradores',
  addManager: 'Añadir subadministrador',
  managerDevice: 'Equipos del subadministrador',
  editHelper: 'Ayudantes',
  addHelper: 'Añadir ayudante',
  helperDevice: 'Equipos del ayudante',
  deviceType: 'Tipos de equipo',
  permissionTemplates: 'Plantillas de permisos',
  permissionModify: 'Editar plantilla de permisos',
  operationLog: 'Registro de operaciones',
  datalog: 'Registros de datos',
  serverLog: 'Registro del servidor',
  notFound: 'Página no encontrada',
  unauthorized: 'Sin permiso',
};
export default route;
