import type { LocaleArea } from '../../i18n/types';

const dashboard: LocaleArea<'dashboard'> = {
  welcome: {
    greeting: '欢迎，{name}',
    roles: '角色',
    level: '用户等级',
    ck: 'CK 码',
    manager: '管理员账号',
    yes: '是',
    no: '否',
  },
  pages: {
    title: '您可以使用的页面',
    open: '打开',
  },
  page: {
    profile: '您的账号信息和密码。',
    changePassword: '修改您的登录密码。',
    operationLog: '谁在何时、从何处做了什么。',
    serverLog: '服务器记录的错误以及控制台上报的错误。',
  },
};
export default dashboard;
