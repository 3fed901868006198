import type { AreaMessages } from '../types.js';

const exports: AreaMessages<'exports'> = {
  'error.exportTooLarge': '一次导出最多{max}行，请缩小筛选范围。',
  'error.exportNotReady': '该导出尚未完成。',
};
export default exports;
