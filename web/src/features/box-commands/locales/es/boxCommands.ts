/** Órdenes a las cajas en la nube (docs/box-protocol.md "Commands"): sus estados y por qué falló una. */
export default {
  state: {
    queued: 'Esperando a la caja',
    sent: 'Enviada',
    accepted: 'Aceptada',
    downloading: 'Descargando',
    verifying: 'Verificando',
    updating: 'Actualizando',
    done: 'Hecha',
    failed: 'Fallida',
    timeout: 'Sin respuesta',
    expired: 'Caducada',
    cancelled: 'Cancelada',
  },
  reason: {
    'bad-args': 'la caja rechazó los ajustes',
    unsupported: 'la caja no conoce esta orden',
    expired: 'esperó demasiado a la caja',
    busy: 'la caja estaba ocupada con otra orden',
    'download-failed': 'falló la descarga',
    'size-mismatch': 'la imagen tenía un tamaño distinto',
    'checksum-mismatch': 'la imagen no pasó la comprobación SHA-256',
    'install-failed': 'falló la instalación',
    unreachable: 'no se pudo llegar al nuevo servidor',
  },
};
