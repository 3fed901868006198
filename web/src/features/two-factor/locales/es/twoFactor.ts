import type { LocaleArea } from '@/i18n/types';

/** Inicio de sesión en dos pasos (issue 27): la activación en el perfil y la pantalla de un rol que lo exige. */
const twoFactor: LocaleArea<'twoFactor'> = {
  title: 'Inicio de sesión en dos pasos',
  on: 'Activado',
  off: 'Desactivado',
  offHint:
    'Inicie sesión con un código de una aplicación de autenticación de su teléfono además de su contraseña, para que una contraseña robada no baste.',
  turnOn: 'Activar',
  scan: 'Escanee este código QR con su aplicación de autenticación e introduzca el código de 6 dígitos que muestra.',
  qrAlt: 'Código QR de su clave',
  typeKey: 'O escriba esta clave en la aplicación:',
  confirm: 'Confirmar',
  codePlaceholder: 'Código de 6 dígitos',
  anyCodePlaceholder: 'Código o código de recuperación',
  codeRequired: 'Introduzca un código.',
  codesTitle: 'Guarde ahora sus códigos de recuperación',
  codesHint: 'Cada uno le permite iniciar sesión una vez si pierde su teléfono. No se volverán a mostrar.',
  saved: 'Ya los he guardado',
  onSince: 'Activado desde {time}.',
  recoveryLeft:
    '{count, plural, =0 {No quedan códigos de recuperación.} one {Queda # código de recuperación.} other {Quedan # códigos de recuperación.}}',
  turnOff: 'Desactivar',
  requiredByRole: 'Su rol exige el inicio de sesión en dos pasos, así que sigue activado.',
  requiredTitle: 'Active el inicio de sesión en dos pasos',
  requiredNotice: 'Su rol exige el inicio de sesión en dos pasos. Actívelo para continuar a la consola.',
  signOut: 'Cerrar sesión',
  resetTitle: 'Restablecer el inicio de sesión en dos pasos de un usuario',
  resetHint:
    'Para un usuario que perdió su teléfono y sus códigos de recuperación: su segundo factor se desactiva y todas sus sesiones terminan.',
  reset: 'Restablecer',
  resetConfirm: '¿Restablecer el inicio de sesión en dos pasos de este usuario y terminar sus sesiones?',
  resetDone:
    '{count, plural, =0 {Restablecido. No tenía sesiones.} one {Restablecido. Se terminó # sesión.} other {Restablecido. Se terminaron # sesiones.}}',
  username: 'Nombre de usuario',
};
export default twoFactor;
