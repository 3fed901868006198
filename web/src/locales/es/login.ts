import type { LocaleArea } from '@/i18n/types';

const login: LocaleArea<'login'> = {
  form: {
    title: 'Iniciar sesión',
    subtitle: 'Inicie sesión para supervisar y gestionar sus dispositivos',
    username: 'Nombre de usuario',
    usernamePlaceholder: 'Nombre de usuario',
    password: 'Contraseña',
    passwordPlaceholder: 'Contraseña',
    submit: 'Entrar',
  },
  authRedirect: {
    forwarding: 'Llevándole a su página…',
  },
};
export default login;
