import type { LocaleArea } from '@/i18n/types';

/** The fleet at a glance: map monitoring and the large screen (the dashboard figures are in dashboard.ts). */
const fleet: LocaleArea<'fleet'> = {
  route: {
    map: '地图监控',
    largeScreen: '大屏',
  },
  filter: {
    label: '状态',
    all: '全部',
  },
  map: {
    onMap: '地图上有 {count} 台设备',
    noPosition: '{count} 台设备没有位置',
    noPositionLink: '在列表中查看',
    fit: '缩放到全部设备',
    largeScreen: '大屏',
    loading: '正在加载地图…',
    loadFailed: '地图加载失败。',
    retry: '重试',
    empty: '没有可显示位置的设备。',
    cluster: '此处 {count} 台设备，最严重：{status}',
    clusterZoom: '放大',
    mapLabel: '设备分布世界地图',
  },
  popup: {
    device: '设备 {boxId}-{controller}',
    box: '盒子',
    controller: '控制器',
    company: '所属公司',
    model: '型号',
    status: '状态',
    location: '位置',
    open: '打开设备',
    close: '关闭',
    devicesHere: '此处有 {count} 台设备',
    placedAt: '无坐标：显示在{place}的中心',
  },
  live: {
    live: '实时',
    connecting: '正在连接…',
    offline: '正在重连…',
    idle: '未实时',
  },
  screen: {
    title: '设备监控：设备总览',
    devices: '设备',
    onlineRate: '在线率',
    faultsToday: '今日故障',
    alertsToday: '今日告警',
    boxes: '在线盒子',
    feed: '故障与告警',
    feedEmpty: '最近没有故障或告警。',
    faultyModels: '故障最多的型号（30 天）',
    faultyEmpty: '最近 30 天没有故障记录。',
    faults: '故障',
    back: '返回控制台',
    updated: '更新于 {time}',
    loadFailed: '数据加载失败，正在重试。',
  },
};
export default fleet;
