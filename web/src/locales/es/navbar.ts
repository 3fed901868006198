import type { LocaleArea } from '@/i18n/types';

const navbar: LocaleArea<'navbar'> = {
  hamburger: {
    toggle: 'Mostrar u ocultar el menú',
  },
  breadcrumb: {
    label: 'Dónde está',
  },
  search: {
    placeholder: 'Buscar páginas',
    noMatch: 'Ninguna página coincide',
  },
  fullscreen: {
    enter: 'Pantalla completa',
    exit: 'Salir de pantalla completa',
    unsupported: 'Su navegador no admite la pantalla completa',
  },
  size: {
    label: 'Tamaño global',
    default: 'Predeterminado',
    medium: 'Mediano',
    small: 'Pequeño',
    mini: 'Mini',
    success: 'Tamaño cambiado correctamente',
  },
  language: {
    label: 'Idioma',
    success: 'Idioma cambiado correctamente',
  },
  settings: {
    open: 'Ajustes de diseño',
  },
  user: {
    menu: 'Menú de la cuenta',
    dashboard: 'Panel',
    profile: 'Perfil',
    logout: 'Cerrar sesión',
  },
};
export default navbar;
