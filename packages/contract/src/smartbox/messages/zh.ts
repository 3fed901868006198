/** 发给云盒子的命令（docs/box-protocol.md「Commands」）。 */
export default {
  'validation.smartbox.interval': '上报间隔为 1 到 3600 秒。',
  'validation.smartbox.deadband': '死区为 0 到 65535（原始值）。',
  'validation.smartbox.registers': '最多列出 512 个寄存器（0 到 65535），每个只列一次。',
  'validation.smartbox.configEmpty': '请至少修改一项设置：间隔、死区或寄存器。',
  'validation.smartbox.serverUrl': '请按 mqtt://主机:端口 或 mqtts://主机:端口 输入服务器。',
  'validation.smartbox.firmwareUrl': '固件必须能通过 http:// 或 https:// 下载。',
  'validation.smartbox.sha256': 'SHA-256 为 64 位小写十六进制数字。',
  'validation.smartbox.noBoxes': '请至少选择一个盒子。',
  'validation.smartbox.tooManyBoxes': '一次请求最多 10,000 个盒子。',
  'validation.smartbox.repeatedBox': '每个盒子只能列一次。',
  'error.smartbox.unknownBoxes': '以下盒子未注册：{boxes}。',
  'error.smartbox.notFound': '没有该命令。',
  'error.smartbox.notCancellable': '只有仍在等待盒子的命令可以取消；该命令状态为 {state}。',
  'action.smartbox.sendCommand': '向盒子发送命令',
  'action.smartbox.cancelCommand': '取消盒子命令',
  'action.smartbox.setUploadSettings': '设置盒子的数据上传参数',
};
