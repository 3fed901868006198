/** /device-type/chart：各控制器类型的设备显示哪些图表（issue 20）。 */
export default {
  type: '控制器类型',
  devices: '设备',
  saved: '{code} 的图表已保存。',
  maglevOnly: '仅适用于磁悬浮鼓风机类型。',
  definitions: '图表管理',
  definitionsHelp: '其设备页面显示的仪表盘、堆叠图和启停状态图（图表管理），按此顺序。',
  definitionsNone: '无',
  help: '设备页面及其历史页面链接到其类型显示的图表；设备页面绘制此处选择的图表管理图表。更改立即保存。',
  kinds: {
    'history-curves': '历史曲线',
    kline: 'K线图',
    'maglev-charts': '磁悬浮图表',
    'maglev-region': '运行区域',
    gauge: '仪表盘',
    stacked: '堆叠图',
    'stop-status': '停机状态',
  },
};
