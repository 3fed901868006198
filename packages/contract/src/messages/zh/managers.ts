import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.notBelowYou': '该用户不是您的下级。',
};
export default managers;
