import type { LocaleArea } from '@/i18n/types';

/** Mensajes (/msg; issue 22): los títulos de las rutas. */
const msg: LocaleArea<'msg'> = {
  route: {
    group: 'Mensajes',
    notificationList: 'Notificaciones',
    announcementList: 'Anuncios',
  },
};
export default msg;
