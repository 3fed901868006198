import type { LocaleArea } from '@/i18n/types';

const settings: LocaleArea<'settings'> = {
  panel: {
    title: 'Ajustes de estilo de página',
    reset: 'Restablecer valores predeterminados',
  },
  themeColor: {
    label: 'Color del tema',
  },
  tagsView: {
    label: 'Mostrar pestañas',
  },
  fixedHeader: {
    label: 'Cabecera fija',
  },
  sidebarLogo: {
    label: 'Logotipo en la barra lateral',
  },
};
export default settings;
