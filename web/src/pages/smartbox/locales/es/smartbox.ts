import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: 'Caja inteligente',
    ipLog: 'Cambios de IP',
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
