import type { LocaleArea } from '@/i18n/types';

const serverLog: LocaleArea<'serverLog'> = {
  view: {
    label: 'Qué errores',
    server: 'Errores del servidor',
    console: 'Errores de la consola',
  },
  column: {
    time: 'Hora',
    level: 'Nivel',
    message: 'Mensaje',
    username: 'Usuario',
    url: 'Dirección',
    userAgent: 'Navegador',
  },
  detail: {
    none: 'No se registró ningún detalle',
  },
  table: {
    total: '{total} entradas',
    anonymous: 'Sin sesión iniciada',
  },
  hint: {
    console:
      'Errores notificados por consolas con sesión iniciada: como máximo 10 por minuto y sesión; se guardan los 10.000 más recientes, aparte de los errores del servidor.',
  },
};
export default serverLog;
