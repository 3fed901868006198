import type { LocaleArea } from '@/i18n/types';

const tagsView: LocaleArea<'tagsView'> = {
  menu: {
    refresh: 'Actualizar',
    close: 'Cerrar',
    closeOthers: 'Cerrar las demás',
    closeAll: 'Cerrar todas',
  },
  tag: {
    close: 'Cerrar {title}',
  },
  label: 'Páginas abiertas',
};
export default tagsView;
