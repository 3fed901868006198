import type { AreaMessages } from '../../messages/types.js';

const qrManage: AreaMessages<'qrManage'> = {
  'validation.qrManage.device': 'コントローラーがロックされているデバイスを選んでください。',
  'validation.qrManage.challenge': 'コントローラーに表示されたチャレンジコード（6桁の数字）を入力してください。',
  'validation.qrManage.mode': 'パスワードの用途を選んでください：1日・7日・30日の解除、または永久解除。',
  'validation.qrManage.requestId': '計算ごとに固有のキーが必要です：英数字、- または _ で8～64文字。',
  'error.qrManage.noCk': 'ボックス{box}にはCKコードがないため、コントローラーにメーカーキーがありません。先にCKコードを設定してください。',
  'error.qrManage.quotaUsedUp': 'パスワードの割り当てを使い切りました。上位のユーザーに追加を依頼してください。',
  'validation.qrManage.user': '割り当てを変更するユーザーを選んでください。',
  'validation.qrManage.change': '追加または回収する計算回数を入力してください：-100000～100000の整数（0以外）。',
  'error.qrManage.overYourQuota': '増加分はあなたの残り割り当て（{remaining}）を超えられません。',
  'error.qrManage.overTheirQuota': '減少分はそのユーザーの残り割り当て（{remaining}）を超えられません。',
  'error.qrManage.notYourUser': '割り当てを渡せるのは直属の下位ユーザーだけです。',
  'action.quota.change': 'パスワード割り当ての変更',
};
export default qrManage;
