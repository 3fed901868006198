/** /device-type/type-events: qué bits de los registros de un tipo son un fallo, una alerta o información (issue 20). */
export default {
  type: 'Tipo de controlador',
  register: 'Registro {number} · {name}',
  bit: 'Bit',
  severity: 'Gravedad',
  textIn: 'Texto en {language}',
  add: 'Añadir bit',
  remove: 'Quitar el bit {bit}',
  noBits: 'Ningún bit de este registro genera todavía un evento.',
  empty: 'Este tipo no tiene registros de campo de bits. Dé primero a un registro el formato «Bits» en el editor del tipo.',
  openEditor: 'Abrir el editor del tipo',
  help: 'Cada bit indicado aquí inicia un evento de su gravedad cuando el dispositivo lo activa, con su texto en el idioma del usuario: un fallo o una alerta se muestra en el dispositivo, en sus registros de fallos y en las plantillas de eventos. Guardar crea la siguiente versión del mapa de registros, como el editor del tipo.',
};
