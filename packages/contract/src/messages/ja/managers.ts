import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.boxNotRegistered': 'このIDのボックスは登録されていません。',
  'error.wrongCk': 'CKコードがこのボックスと一致しません。',
  'error.boxHeldElsewhere': 'このボックスは{company}のものです。解除を依頼してください。',
  'error.tooManyClaims': 'CKコードの誤りが多すぎます。{minutes}分後にもう一度お試しください。',
  'error.notBelowYou': 'このユーザーはあなたの配下ではありません。',
  'validation.batch.empty': '機器を1台以上選んでください。',
  'validation.batch.tooMany': '一度に割り当てられるのは1,000台までです。',
  'error.notYourManager': 'このサブ管理者はあなたの配下ではありません。',
  'error.notYourDeviceToAssign': '割り当てられるのは自分が所有する機器だけです。',
  'error.notAssignedByYou': 'この機器をこのサブ管理者に割り当てたのはあなたではありません。',
  'error.notAssignedToYou': 'この機器はあなたに割り当てられていません。',
  'error.notCkFactory': 'CKグループのメーカーだけが実行できます。',
  'error.notInCkGroup': 'このユーザーはあなたの配下のCKグループにいません。',
};
export default managers;
