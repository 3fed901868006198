import type { LocaleArea } from '../../i18n/types';

const serverLog: LocaleArea<'serverLog'> = {
  filter: {
    source: 'Origen',
    all: 'Todos los orígenes',
    server: 'Servidor',
    console: 'Consola',
  },
  column: {
    time: 'Hora',
    source: 'Origen',
    level: 'Nivel',
    message: 'Mensaje',
    username: 'Usuario',
    url: 'Dirección',
  },
  detail: {
    none: 'No se registró ningún detalle',
  },
  table: {
    total: '{total} entradas',
    anonymous: 'Sin sesión iniciada',
  },
};
export default serverLog;
