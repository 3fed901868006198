import type { AreaMessages } from '../../messages/types.js';

const boxRegInfo: AreaMessages<'boxRegInfo'> = {
  'validation.boxId.range': 'ボックスIDは2147483647以下である必要があります',
  'validation.boxId.order': '終了ボックスIDは開始ボックスID以上である必要があります',
  'validation.boxId.tooMany': '1回の登録は最大1000台までです',
  'validation.labels.tooMany': 'ラベルは一度に最大 500 台分まで印刷できます',
  'error.noBoxesInRange': '{start} から {end} までに登録済みのボックスはありません。',
  'validation.pushTimes.range': 'プッシュ回数は0～10の範囲で指定してください',
  'error.boxAlreadyRegistered': '次のボックスIDは登録済みです：{boxIds}',
  'error.userNotFound': 'ユーザーが存在しません。',
  'error.downloadExpired': 'このダウンロードは期限切れか、すでに使用されています。',
  // The operation log's name of each action (actions.ts).
  'action.box.register': 'ボックス登録',
  'action.box.voidLabels': '引き取りラベルの無効化',
};
export default boxRegInfo;
