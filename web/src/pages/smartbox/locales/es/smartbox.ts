import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: 'Caja inteligente',
    ipLog: 'Cambios de IP',
    boxCk: 'Códigos CK de cajas',
    clearFaults: 'Borrar registros de fallos',
  },
  clearFaults: {
    help: 'Borra los registros de fallos terminados de una caja: todos, o los que empezaron en el intervalo. Se conservan los de un fallo aún activo. Antes se le indican las cantidades y se le pide confirmar.',
    box: 'Número de caja',
    boxNeeded: 'Introduzca el número de caja.',
    range: 'Empezados entre (opcional)',
    rangeHelp: 'Vacío: en cualquier momento.',
    submit: 'Borrar registros de fallos',
    alsoBox: 'Indicar también a la caja que borre su memoria de fallos',
    alsoBoxHelp: 'La caja recibe la orden de borrar fallos ahora, o cuando vuelva a conectarse.',
    toldSent: 'Se indicó a la caja que borre su memoria de fallos.',
    toldQueued: 'La caja está desconectada: se le indicará que borre su memoria de fallos cuando se conecte.',
    done: 'Caja {boxId}: {deleted, plural, one {# registro de fallo borrado} other {# registros de fallos borrados}}; se conservan {kept} aún abiertos.',
  },
  boxCk: {
    help: 'El código CK (cuatro dígitos) de cada caja con la hora en que se fijó: fije uno, importe una hoja y vea cada cambio. Es la misma tabla que la de la página de códigos CK en tipos de dispositivo.',
  },
  ipLog: {
    boxId: 'ID de caja',
    sourceIp: 'IP de origen',
    destinationIp: 'IP de destino',
    time: 'Hora',
    total: '{total} cambios',
  },
};
export default smartbox;
