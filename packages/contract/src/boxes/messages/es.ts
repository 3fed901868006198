/** Cajas en la nube: borrar los registros de fallos de una caja (/smartbox/box-clear-fault-record). */
export default {
  'validation.boxes.clearRange': 'El inicio debe ser anterior al final.',
  'action.boxes.clearFaultRecords': 'Borrar los registros de fallos de una caja',
  'boxes.clearConfirm':
    'Caja {boxId}: se borrarán {count} registro(s) de fallos terminados; se conservarán {kept} aún abiertos. ¿Continuar?',
  'boxes.clearConfirmRange':
    'Caja {boxId}: se borrarán {count} registro(s) de fallos terminados que empezaron entre {from} y {to} (UTC); se conservarán {kept} aún abiertos. ¿Continuar?',
  'validation.ipLog.ip': 'Una IP se busca por sus dígitos, puntos y dos puntos.',
  'ipLog.sheet': 'Cambios de IP',
  'ipLog.column.boxId': 'ID de caja',
  'ipLog.column.sourceIp': 'IP de origen',
  'ipLog.column.destinationIp': 'IP de destino',
  'ipLog.column.time': 'Hora',
};
