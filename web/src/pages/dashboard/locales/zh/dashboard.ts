import type { LocaleArea } from '@/i18n/types';

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
  fleet: {
    title: '我的设备',
    all: '全部设备',
    split: '在线 {online} · 离线 {offline}',
    onlineRate: '在线率',
    boxes: '在线盒子',
    faultsToday: '今日故障',
    alertsToday: '今日告警',
    hours: '最近 24 小时',
    faults: '故障',
    alerts: '告警',
    wentOffline: '离线',
    cameOnline: '上线',
    feed: '状态变化',
    feedEmpty: '暂无状态变化。',
    map: '地图',
    largeScreen: '大屏',
    loadFailed: '设备统计加载失败。',
    retry: '重试',
    updated: '更新于 {time}',
    noDevices: '暂无设备：云盒子上报后设备会出现在这里。',
  },
};
export default dashboard;
