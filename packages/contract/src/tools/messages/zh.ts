import type { AreaMessages } from '../../messages/types.js';

/** /tools/redis：缓存工具（root）。 */
const tools: AreaMessages<'tools'> = {
  'action.tools.redisRead': '查看缓存键',
  'action.tools.redisDelete': '删除缓存键',
  'validation.tools.key': '请指定本产品的键：members，或以 login:、export:、export-file:、values: 开头的键。',
  'validation.tools.search': '搜索内容最多 200 个字符。',
  'tools.deleteKeyConfirm': '将删除键 {key}，且无法恢复。是否继续？',
  'tools.deleteGroupConfirm': '将删除 {pattern} 下的 {count} 个键，且无法恢复。是否继续？',
  'tools.deleteSearchConfirm': '将删除 {pattern} 下名称含“{q}”的 {count} 个键，且无法恢复。是否继续？',
  'error.tools.readOnly': '未配置 Redis（REDIS_URL）时，本服务器的状态保存在自身内存中，缓存工具只能查看。',
  'error.tools.membersKept': '运行中的服务器每秒都会重新写入 {key}，因此不能在此删除。',
  'error.tools.valuesKept': '最新值保存在各服务器的内存中，不在 Redis 里，没有可删除的内容。',
  'error.tools.keyGone': '键 {key} 已不存在：已过期或已被删除。',
  'error.tools.nothingToDelete': '没有匹配的键，未删除任何内容。',
  'error.tools.redisAway': 'Redis 当前无响应，请稍后重试。',
};
export default tools;
