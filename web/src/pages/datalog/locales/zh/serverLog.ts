import type { LocaleArea } from '@/i18n/types';

const serverLog: LocaleArea<'serverLog'> = {
  view: {
    label: '错误类别',
    server: '服务器错误',
    console: '控制台错误',
  },
  column: {
    time: '时间',
    level: '级别',
    message: '信息',
    username: '用户',
    url: '地址',
    userAgent: '浏览器',
  },
  detail: {
    none: '没有记录详情',
  },
  table: {
    total: '共 {total} 条',
    anonymous: '未登录',
  },
  hint: {
    console: '已登录的控制台上报的错误：每个会话每分钟最多 10 条，保留最新的 10,000 条，与服务器错误分开存放。',
  },
};
export default serverLog;
