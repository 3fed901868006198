import type { AreaMessages } from '../../messages/types.js';

const devices: AreaMessages<'devices'> = {
  'validation.phone.format': '电话号码只能包含数字、空格和 + - ( )，最多32位',
  'validation.lng.range': '经度必须在-180到180之间',
  'validation.lat.range': '纬度必须在-90到90之间',
  'error.deviceOffline': '设备离线，现在无法下发。',
  'error.registerUnknown': '寄存器{register}不在该设备的寄存器表中。',
  'error.registerNotWritable': '寄存器{register}不可写。',
  'error.registerOutOfRange': '数值必须在{min}到{max}之间。',
  'error.registerDecimals': '数值最多{decimals}位小数。',
  'error.registerOption': '该值不是此寄存器的可选值。',
  'error.dataHidden': '您的下级管理员已对您隐藏此设备的数据：您可以看到该设备并收回它，但不能查看其数值或历史。',
  'error.noWriteRight': '您无权修改此设备的参数。',
  // The operation log's name of each action (actions.ts).
  'action.device.write': '写寄存器',
  'action.device.edit': '编辑设备信息',
};
export default devices;
