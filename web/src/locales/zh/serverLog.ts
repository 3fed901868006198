import type { LocaleArea } from '../../i18n/types';

const serverLog: LocaleArea<'serverLog'> = {
  filter: {
    source: '来源',
    all: '全部来源',
    server: '服务器',
    console: '控制台',
  },
  column: {
    time: '时间',
    source: '来源',
    level: '级别',
    message: '信息',
    username: '用户',
    url: '地址',
  },
  detail: {
    none: '没有记录详情',
  },
  table: {
    total: '共 {total} 条',
    anonymous: '未登录',
  },
};
export default serverLog;
