import type { LocaleArea } from '@/i18n/types';

const datalog: LocaleArea<'datalog'> = {
  route: {
    group: 'データログ',
    operationLog: '操作ログ',
    serverLog: 'サーバーログ',
  },
};
export default datalog;
