import type { LocaleArea } from '@/i18n/types';

const errorPage: LocaleArea<'errorPage'> = {
  notFound: {
    headline: 'Esta página no existe',
    hint: 'Compruebe la dirección o vuelva al panel.',
  },
  unauthorized: {
    headline: 'No tiene permiso para abrir esta página',
    hint: 'Pida acceso a un administrador si lo necesita, o vuelva atrás.',
  },
};
export default errorPage;
