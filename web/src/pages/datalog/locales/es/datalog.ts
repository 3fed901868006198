import type { LocaleArea } from '@/i18n/types';

const datalog: LocaleArea<'datalog'> = {
  route: {
    group: 'Registros de datos',
    operationLog: 'Registro de operaciones',
    serverLog: 'Registro del servidor',
  },
};
export default datalog;
