/** 云盒子：清除盒子的故障记录（/smartbox/box-clear-fault-record）。 */
export default {
  'validation.boxes.clearRange': '开始时间必须早于结束时间。',
  'action.boxes.clearFaultRecords': '清除盒子的故障记录',
  'boxes.clearConfirm': '盒子 {boxId}：将删除 {count} 条已结束的故障记录；仍未结束的 {kept} 条将保留。是否继续？',
  'boxes.clearConfirmRange':
    '盒子 {boxId}：将删除 {from} 至 {to}（UTC）之间开始的 {count} 条已结束的故障记录；仍未结束的 {kept} 条将保留。是否继续？',
  'validation.ipLog.ip': 'IP 只能按数字、点和冒号搜索。',
  'ipLog.sheet': 'IP 变更',
  'ipLog.column.boxId': '盒子ID',
  'ipLog.column.sourceIp': '源IP',
  'ipLog.column.destinationIp': '目标IP',
  'ipLog.column.time': '时间',
};
