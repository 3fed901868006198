import type { LocaleArea } from '@/i18n/types';

const usermanager: LocaleArea<'usermanager'> = {
  route: {
    group: 'Usuarios',
    changePassword: 'Cambiar contraseña',
    addDevice: 'Añadir equipo',
    editManager: 'Subadministradores',
    addManager: 'Añadir subadministrador',
    managerDevice: 'Equipos del subadministrador',
    editHelper: 'Ayudantes',
    addHelper: 'Añadir ayudante',
    helperDevice: 'Equipos del ayudante',
  },
};
export default usermanager;
