import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.boxNotRegistered': '没有注册此ID的盒子。',
  'error.wrongCk': 'CK码与该盒子不符。',
  'error.boxHeldElsewhere': '该盒子属于{company}，请联系对方释放。',
  'error.tooManyClaims': 'CK码错误次数过多，请{minutes}分钟后再试。',
  'error.notBelowYou': '该用户不是您的下级。',
};
export default managers;
