import type { AreaMessages } from '../../messages/types.js';

const exports: AreaMessages<'exports'> = {
  'error.exportTooLarge': '一次导出最多{max}行，请缩小筛选范围。',
  'validation.timeZone': '{field}必须是时区，例如 Asia/Shanghai 或 UTC',
  'error.exportNotReady': '该导出尚未完成。',
  'error.exportLost': '正在生成此导出的服务器已停止，请重新导出。',
};
export default exports;
