import type { AreaMessages } from '../types.js';

const common: AreaMessages<'common'> = {
  'error.forbidden': '您没有执行此操作的权限。',
  'error.notFound': '未找到。',
  'error.internal': '服务器出错，请稍后重试。',
  'error.serviceUnavailable': '服务器依赖的部分组件不可用，请稍后重试。',
  'error.payloadTooLarge': '请求内容过大。',
  'error.upload.notFile': '请将文件本身作为请求体发送（application/octet-stream）。',
  'error.uriTooLong': '请求地址过长。',
  'error.headersTooLarge': '请求头过大。',
  'error.unsupportedMediaType': '请求内容必须以 JSON 格式发送（Content-Type: application/json）。',
  'error.badJson': '请求内容不是有效的 JSON。',
  'error.emptyBody': '请求内容为空。',
  'error.badUrl': '请求地址无效。',
  'error.badRequest': '请求格式错误。',
  'error.requestTimeout': '请求未能按时到达。',
  'error.tooManyRequests': '请求过于频繁，请 {seconds} 秒后重试。',
};
export default common;
