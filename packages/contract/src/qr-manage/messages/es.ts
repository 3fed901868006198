import type { AreaMessages } from '../../messages/types.js';

const qrManage: AreaMessages<'qrManage'> = {
  'validation.qrManage.device': 'Elija el dispositivo cuyo controlador está bloqueado.',
  'validation.qrManage.challenge': 'Introduzca el código de desafío que muestra el controlador: seis dígitos.',
  'validation.qrManage.mode': 'Elija qué hace la contraseña: desbloquear 1, 7 o 30 días, o para siempre.',
  'validation.qrManage.requestId': 'Cada cálculo necesita su propia clave: de 8 a 64 letras, dígitos, - o _.',
  'error.qrManage.noCk':
    'La caja {box} no tiene código CK, así que sus controladores no tienen clave de fábrica. Asígnele primero su código CK.',
  'error.qrManage.quotaUsedUp': 'Se ha agotado su cupo de contraseñas. Pida más a su superior.',
};
export default qrManage;
