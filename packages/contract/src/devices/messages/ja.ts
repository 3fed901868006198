import type { AreaMessages } from '../../messages/types.js';

const devices: AreaMessages<'devices'> = {
  'validation.phone.format': '電話番号に使えるのは数字、空白、+ - ( ) のみで、最大32文字です',
  'validation.lng.range': '経度は-180から180の間で入力してください',
  'validation.lat.range': '緯度は-90から90の間で入力してください',
  'error.deviceOffline': '機器がオフラインのため、現在は送信できません。',
  'error.registerUnknown': 'レジスタ{register}はこの機器のレジスタマップにありません。',
  'error.registerNotWritable': 'レジスタ{register}は書き込みできません。',
  'error.registerOutOfRange': '値は{min}～{max}の範囲で指定してください。',
  'error.registerDecimals': '小数点以下は最大{decimals}桁です。',
  'error.registerOption': 'この値はこのレジスタの選択肢にありません。',
  'error.dataHidden':
    '配下のサブ管理者がこの機器のデータを非表示にしています。機器の存在の確認と回収はできますが、値や履歴は見られません。',
  'error.noWriteRight': 'この機器の設定を変更する権限がありません。',
  // The operation log's name of each action (actions.ts).
  'action.device.write': 'レジスタ書き込み',
  'action.device.edit': 'デバイス情報の編集',
};
export default devices;
