import type { LocaleArea } from '../../i18n/types';

const login: LocaleArea<'login'> = {
  form: {
    title: 'Iniciar sesión',
    subtitle: 'Inicie sesión para supervisar y gestionar sus dispositivos',
    username: 'Nombre de usuario',
    usernamePlaceholder: 'Nombre de usuario',
    password: 'Contraseña',
    passwordPlaceholder: 'Contraseña',
    submit: 'Entrar',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    failed: 'No se pudo iniciar sesión',
  },
  language: {
    label: 'Idioma',
  },
  authRedirect: {
    forwarding: 'Llevándole a su página…',
  },
};
export default login;
