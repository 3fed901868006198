import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.boxNotRegistered': 'このIDのボックスは登録されていません。',
  'error.wrongCk': 'CKコードがこのボックスと一致しません。',
  'error.boxHeldElsewhere': 'このボックスは{company}のものです。解除を依頼してください。',
  'error.tooManyClaims': 'CKコードの誤りが多すぎます。{minutes}分後にもう一度お試しください。',
  'error.notBelowYou': 'このユーザーはあなたの配下ではありません。',
};
export default managers;
