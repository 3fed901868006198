import type { LocaleArea } from '@/i18n/types';

const route: LocaleArea<'route'> = {
  login: 'Iniciar sesión',
  mlogin: 'Iniciar sesión',
  authRedirect: 'Iniciando sesión',
  dashboard: 'Panel',
  profile: 'Perfil',
  notFound: 'Página no encontrada',
  unauthorized: 'Sin permiso',
};
export default route;
