import type { LocaleArea } from '@/i18n/types';

const operationLog: LocaleArea<'operationLog'> = {
  filter: {
    action: 'Acción',
    allActions: 'Todas las acciones',
    username: 'Nombre de usuario',
  },
  column: {
    time: 'Hora',
    username: 'Usuario',
    action: 'Acción',
    target: 'Objeto',
    oldValue: 'Valor anterior',
    newValue: 'Valor nuevo',
    outcome: 'Resultado',
    ip: 'Dirección IP',
  },
  outcome: {
    ok: 'Correcto',
    failed: 'Fallido',
  },
  table: {
    total: '{total} entradas',
    noChange: 'No se registraron valores',
  },
};
export default operationLog;
