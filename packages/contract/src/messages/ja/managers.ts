import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.notBelowYou': 'このユーザーはあなたの配下ではありません。',
};
export default managers;
