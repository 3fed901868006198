import type { AreaMessages } from '../../messages/types.js';

const user: AreaMessages<'user'> = {
  'validation.username.required': '¡El nombre de usuario no puede estar vacío!',
  'validation.username.length': '¡El nombre de usuario debe tener de 6 a 20 números o caracteres!',
  'validation.username.charset': '¡Se requieren de 6 a 20 números o caracteres o @#%^&*_-+!',
  'validation.username.noChineseOrSpace': '¡El nombre de usuario no puede contener caracteres chinos ni espacios!',
  'validation.password.required': '¡La contraseña no puede estar vacía!',
  'validation.password.length': '¡La contraseña debe tener de 6 a 20 números o caracteres!',
  'validation.password.noChineseOrSpace': '¡La contraseña no puede contener caracteres chinos ni espacios!',
  'validation.password.confirmMismatch': '¡Las dos contraseñas no coinciden!',
  'validation.password.sameAsOld': '¡La nueva contraseña debe ser distinta de la actual!',
  'error.wrongCredentials': 'Nombre de usuario o contraseña incorrectos.',
  'error.wrongOldPassword': 'La contraseña actual es incorrecta.',
  'error.accountDisabled': 'Esta cuenta está desactivada.',
  'error.tooManyAttempts': 'Demasiados intentos de inicio de sesión. Vuelva a intentarlo dentro de {seconds} segundos.',
  'error.tooManyPasswordAttempts': 'Demasiadas contraseñas incorrectas. Vuelva a intentarlo dentro de {seconds} segundos.',
  'error.addressBlocked':
    'Demasiados intentos de contraseña fallidos desde esta dirección. Vuelva a intentarlo dentro de {seconds} segundos.',
  'error.tokenIllegal': 'No ha iniciado sesión o su sesión no es válida. Inicie sesión de nuevo.',
  'error.tokenRevoked': 'Su sesión ha finalizado. Inicie sesión de nuevo.',
  'error.tokenExpired': 'Su sesión ha caducado. Inicie sesión de nuevo.',
  'error.sessionNotYours': 'Solo puede finalizar sus propias sesiones.',
  'info.verificationFailed': 'La verificación ha fallado, inicie sesión de nuevo.',
  'info.rolesMustBeArray': 'getInfo: ¡los roles deben ser una lista no vacía!',
  'info.userInfoNull': 'getInfo: ¡la información del usuario no puede ser nula!',
  // The operation log's name of each action (actions.ts).
  'action.user.login': 'Inicio de sesión',
  'action.user.logout': 'Cierre de sesión',
  'action.user.changePassword': 'Cambio de contraseña',
  'action.user.endSession': 'Finalizar una sesión',
  'action.user.endOtherSessions': 'Finalizar las demás sesiones',
};
export default user;
