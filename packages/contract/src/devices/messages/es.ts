import type { AreaMessages } from '../../messages/types.js';

const devices: AreaMessages<'devices'> = {
  'validation.phone.format': 'Un teléfono solo puede tener dígitos, espacios y + - ( ), como máximo 32',
  'validation.lng.range': 'La longitud debe estar entre -180 y 180',
  'validation.lat.range': 'La latitud debe estar entre -90 y 90',
  'error.deviceOffline': 'El equipo está desconectado; ahora no se le puede enviar nada.',
  'error.registerUnknown': 'El registro {register} no está en el mapa de registros de este equipo.',
  'error.registerNotWritable': 'El registro {register} no se puede escribir.',
  'error.registerOutOfRange': 'El valor debe estar entre {min} y {max}.',
  'error.registerDecimals': 'El valor puede tener como máximo {decimals} decimales.',
  'error.registerOption': 'El valor no es una de las opciones de este registro.',
  'error.dataHidden':
    'Un subadministrador por debajo de usted ocultó los datos de este equipo: puede ver que existe y recuperarlo, no sus valores ni su historial.',
  'error.noWriteRight': 'No puede cambiar los ajustes de este equipo.',
  // The operation log's name of each action (actions.ts).
  'action.device.write': 'Escritura de registro',
  'action.device.edit': 'Edición de la información del equipo',
};
export default devices;
