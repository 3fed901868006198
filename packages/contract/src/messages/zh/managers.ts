import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.boxNotRegistered': '没有注册此ID的盒子。',
  'error.wrongCk': 'CK码与该盒子不符。',
  'error.boxHeldElsewhere': '该盒子属于{company}，请联系对方释放。',
  'error.tooManyClaims': 'CK码错误次数过多，请{minutes}分钟后再试。',
  'error.notBelowYou': '该用户不是您的下级。',
  'validation.batch.empty': '请至少选择一台设备。',
  'validation.batch.tooMany': '一次最多分配1000台设备。',
  'error.notYourManager': '该下级管理员不是您的下级。',
  'error.notYourDeviceToAssign': '只能分配您拥有的设备。',
  'error.notAssignedByYou': '您没有把该设备分配给这个下级管理员。',
  'error.notAssignedToYou': '该设备不是分配给您的。',
  'error.notCkFactory': '只有CK组的厂家可以执行此操作。',
  'error.notInCkGroup': '该用户不在您下级的CK组中。',
};
export default managers;
