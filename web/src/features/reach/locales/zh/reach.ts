import { REACH_NAMES } from '@dms/contract';
import type { LocaleArea } from '@/i18n/types';

const reach: LocaleArea<'reach'> = {
  how: REACH_NAMES.zh,
  detail: {
    owner: '您拥有此设备。',
    ownerAssigned: '您拥有此设备：由 {user} 分配给您。',
    assigned: '您已将其分配给 {user}，可以收回。',
    sharedSwitch: '{user} 分享给您，可开关机。',
    sharedView: '{user} 分享给您，仅可查看。',
    ck: '您CK组的盒子，经由 {user}。',
    ckFactory: '您CK组的盒子。',
    admin: '管理员可访问所有设备。',
  },
  dataHidden: '数据已隐藏',
  hiddenByMe: '对上级隐藏',
  hiddenTitle: '下级管理员已隐藏此设备的数据',
  hiddenText: '您已将其分配给 {user}。您可以看到该设备并收回它，但不能查看其数值、故障或历史。',
  column: '访问方式',
};
export default reach;
