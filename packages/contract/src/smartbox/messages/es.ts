/** Órdenes a las cajas en la nube (docs/box-protocol.md, "Commands"). */
export default {
  'validation.smartbox.interval': 'El intervalo de envío es de 1 a 3600 segundos.',
  'validation.smartbox.deadband': 'La banda muerta es de 0 a 65535 (valor bruto).',
  'validation.smartbox.registers': 'Indique como mucho 512 registros (0 a 65535), cada uno una sola vez.',
  'validation.smartbox.configEmpty': 'Cambie al menos un ajuste: intervalo, banda muerta o registros.',
  'validation.smartbox.serverUrl': 'Escriba el servidor como mqtt://host:puerto o mqtts://host:puerto.',
  'validation.smartbox.firmwareUrl': 'La imagen debe poder descargarse por http:// o https://.',
  'validation.smartbox.sha256': 'El SHA-256 son 64 dígitos hexadecimales en minúscula.',
  'validation.smartbox.noBoxes': 'Elija al menos una caja.',
  'validation.smartbox.tooManyBoxes': 'Como mucho 10.000 cajas por solicitud.',
  'validation.smartbox.repeatedBox': 'Cada caja puede indicarse una sola vez.',
  'error.smartbox.unknownBoxes': 'Estas cajas no están registradas: {boxes}.',
  'error.smartbox.notFound': 'No existe esa orden.',
  'error.smartbox.notCancellable': 'Solo se puede cancelar una orden que aún espera a su caja; esta está en {state}.',
  'action.smartbox.sendCommand': 'Enviar una orden a cajas',
  'action.smartbox.cancelCommand': 'Cancelar una orden a una caja',
  'action.smartbox.setUploadSettings': 'Ajustar el envío de datos de las cajas',
};
