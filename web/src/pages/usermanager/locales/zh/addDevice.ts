import type { LocaleArea } from '@/i18n/types';

const addDevice: LocaleArea<'addDevice'> = {
  boxId: '盒子ID',
  boxIdHelp: '云盒标签上的编号。',
  ck: 'CK码',
  ckHelp: '标签上盒子ID旁边的四位数字。',
  submit: '添加设备',
  done: '盒子 {boxId} 已归您所有：{count} 台设备。',
  doneFor: '盒子 {boxId} 已归 {owner} 所有：{count} 台设备。',
  noDevicesYet: '盒子上线后，其设备会显示在这里。',
};
export default addDevice;
