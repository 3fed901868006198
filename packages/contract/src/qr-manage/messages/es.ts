import type { AreaMessages } from '../../messages/types.js';

const qrManage: AreaMessages<'qrManage'> = {
  'validation.qrManage.device': 'Elija el dispositivo cuyo controlador está bloqueado.',
  'validation.qrManage.challenge': 'Introduzca el código de desafío que muestra el controlador: seis dígitos.',
  'validation.qrManage.mode': 'Elija qué hace la contraseña: desbloquear 1, 7 o 30 días, o para siempre.',
  'validation.qrManage.requestId': 'Cada cálculo necesita su propia clave: de 8 a 64 letras, dígitos, - o _.',
  'error.qrManage.noCk':
    'La caja {box} no tiene código CK, así que sus controladores no tienen clave de fábrica. Asígnele primero su código CK.',
  'error.qrManage.requestReused': 'Esta clave de solicitud ya se usó para otro cálculo. Empiece uno nuevo.',
  'error.qrManage.quotaUsedUp': 'Se ha agotado su cupo de contraseñas. Pida más a su superior.',
  'validation.qrManage.user': 'Elija el usuario cuyo cupo cambia.',
  'validation.qrManage.change': 'Indique cuántos cálculos añadir o retirar: un número entero de -100000 a 100000, distinto de 0.',
  'error.qrManage.overYourQuota': 'Un aumento no puede superar su cupo restante ({remaining}).',
  'error.qrManage.overTheirQuota': 'Una reducción no puede superar el cupo restante del usuario ({remaining}).',
  'error.qrManage.notYourUser': 'Solo puede dar cupo a los usuarios que están directamente por debajo de usted.',
  'action.quota.change': 'Cambiar un cupo de contraseñas',
  'pwdRecord.sheet': 'Contraseñas dinámicas',
  'pwdRecord.column.time': 'Calculada',
  'pwdRecord.column.user': 'Usuario',
  'pwdRecord.column.box': 'ID de caja',
  'pwdRecord.column.serial': 'N.º de serie del controlador',
  'pwdRecord.column.challenge': 'Desafío',
  'pwdRecord.column.mode': 'Modo',
  'pwdRecord.column.remaining': 'Cupo restante',
  'pwdRecord.noLimit': 'Sin límite',
  'pwdRecord.mode.unlock1d': 'Desbloquear 1 día',
  'pwdRecord.mode.unlock7d': 'Desbloquear 7 días',
  'pwdRecord.mode.unlock30d': 'Desbloquear 30 días',
  'pwdRecord.mode.permanent': 'Desbloquear para siempre',
};
export default qrManage;
