import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: 'Caja inteligente',
    ipLog: 'Cambios de IP',
    boxCk: 'Códigos CK de cajas',
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
