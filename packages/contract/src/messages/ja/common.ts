import type { AreaMessages } from '../types.js';

const common: AreaMessages<'common'> = {
  'error.forbidden': 'この操作を行う権限がありません。',
  'error.notFound': '見つかりません。',
  'error.internal': 'サーバーでエラーが発生しました。しばらくしてから再試行してください。',
  'error.serviceUnavailable': 'サーバーが必要とする一部の機能が停止しています。しばらくしてから再試行してください。',
  'error.payloadTooLarge': 'リクエストが大きすぎます。',
  'error.upload.notFile': 'ファイルそのものを本文として送ってください（application/octet-stream）。',
  'error.uriTooLong': 'リクエストのアドレスが長すぎます。',
  'error.headersTooLarge': 'リクエストヘッダーが大きすぎます。',
  'error.unsupportedMediaType': 'リクエスト本文は JSON で送信してください（Content-Type: application/json）。',
  'error.badJson': 'リクエスト本文が正しい JSON ではありません。',
  'error.emptyBody': 'リクエスト本文が空です。',
  'error.badUrl': 'リクエストのアドレスが正しくありません。',
  'error.badRequest': 'リクエストの形式が正しくありません。',
  'error.requestTimeout': 'リクエストが時間内に届きませんでした。',
  'error.tooManyRequests': 'リクエストが多すぎます。{seconds} 秒後に再試行してください。',
};
export default common;
