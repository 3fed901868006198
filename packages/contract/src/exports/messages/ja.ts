import type { AreaMessages } from '../../messages/types.js';

const exports: AreaMessages<'exports'> = {
  'error.exportTooLarge': 'エクスポートは最大{max}行です。絞り込んでください。',
  'validation.timeZone': '{field}はAsia/ShanghaiやUTCのようなタイムゾーンでなければなりません',
  'error.exportNotReady': 'このエクスポートはまだ完了していません。',
  'error.exportLost': 'このエクスポートを作成していたサーバーが停止しました。もう一度エクスポートしてください。',
};
export default exports;
