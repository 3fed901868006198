/** /smartbox/box-delete: eliminar una caja tras ver lo que contiene, y restaurarla antes de que se purgue. */
export default {
  owner: 'Titular',
  company: 'Empresa',
  form: {
    title: 'Eliminar una caja',
    help: 'Una caja eliminada y sus equipos desaparecen para todos al instante, y lo que la caja envía se descarta. Puede restaurarse desde la lista de abajo hasta que se purgue con todo su historial.',
    box: 'Caja',
    boxNeeded: 'Introduzca el número de la caja que va a eliminar.',
    show: 'Ver lo que contiene',
    type: 'Tipo',
    online: 'en línea',
    offline: 'fuera de línea',
    device: 'Equipo',
    deviceType: 'Tipo de controlador',
    status: 'Estado',
    warning:
      'Al eliminarla, la caja y sus equipos desaparecen ya de todas las listas, páginas, mapas, exportaciones y vistas en vivo. Puede restaurarse durante {days, plural, one {# día} other {# días}}; después se purga con su historial, sin vuelta atrás.',
    submit: 'Eliminar la caja {box}',
    confirm:
      '¿Eliminar la caja {box} con {devices, plural, =0 {ningún equipo} one {su equipo} other {sus # equipos}} y {history, plural, =0 {ninguna instantánea guardada} one {# instantánea guardada} other {# instantáneas guardadas}}?',
    done: 'La caja {box} está eliminada. Puede restaurarse durante {days, plural, one {# día} other {# días}}.',
  },
  counts: {
    devices: 'Equipos',
    history: 'Instantáneas guardadas',
    faultRecords: 'Registros de fallos',
    events: 'Eventos de reglas',
    statusChanges: 'Cambios de estado',
    commands: 'Comandos',
  },
  list: {
    title: 'Cajas eliminadas',
    help: 'Primero las que se purgan antes. Una caja restaurada y sus equipos vuelven para todos los que los alcanzaban.',
    deleted: 'Eliminada',
    purgeAt: 'Se purga el',
    daysLeft: '{days, plural, =0 {hoy mismo} one {en # día} other {en # días}}',
    actions: 'Acciones',
    restore: 'Restaurar',
    restoreConfirm: '¿Restaurar la caja {box} con {devices, plural, =0 {ningún equipo} one {su equipo} other {sus # equipos}}?',
    restored: 'La caja {box} está restaurada.',
    total: '{total, plural, one {# caja eliminada} other {# cajas eliminadas}}',
  },
};
