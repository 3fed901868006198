import type { LocaleArea } from '@/i18n/types';

const datalog: LocaleArea<'datalog'> = {
  route: {
    group: '数据日志',
    operationLog: '操作日志',
    serverLog: '服务器日志',
  },
};
export default datalog;
