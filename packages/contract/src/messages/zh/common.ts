import type { AreaMessages } from '../types.js';

const common: AreaMessages<'common'> = {
  'error.forbidden': '您没有执行此操作的权限。',
  'error.notFound': '未找到。',
  'error.internal': '服务器出错，请稍后重试。',
  'error.payloadTooLarge': '请求内容过大。',
};
export default common;
