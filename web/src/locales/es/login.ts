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
  secondStep: {
    title: 'Inicio de sesión en dos pasos',
    hint: 'Introduzca el código de 6 dígitos de su aplicación de autenticación o uno de sus códigos de recuperación.',
    code: 'Código',
    placeholder: '123456 o un código de recuperación',
    required: 'Introduzca un código.',
    submit: 'Verificar',
    back: 'Volver al inicio de sesión',
  },
};
export default login;
