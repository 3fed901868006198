import type { LocaleArea } from '@/i18n/types';

const profile: LocaleArea<'profile'> = {
  about: {
    title: 'Sobre mí',
    username: 'Nombre de usuario',
    roles: 'Roles',
    level: 'Nivel de usuario',
    introduction: 'Presentación',
    noIntroduction: 'Sin presentación',
  },
  password: {
    title: 'Cambiar contraseña',
    current: 'Contraseña actual',
    new: 'Nueva contraseña',
    confirm: 'Confirme la nueva contraseña',
    submit: 'Cambiar contraseña',
    success: 'Contraseña cambiada. Se han cerrado sus demás sesiones y sus claves de API han terminado.',
  },
};
export default profile;
