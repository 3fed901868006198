import type { AreaMessages } from '../types.js';

const common: AreaMessages<'common'> = {
  'error.forbidden': 'この操作を行う権限がありません。',
  'error.notFound': '見つかりません。',
  'error.internal': 'サーバーでエラーが発生しました。しばらくしてから再試行してください。',
  'error.payloadTooLarge': 'リクエストが大きすぎます。',
};
export default common;
