import type { LocaleArea } from '@/i18n/types';

/** An event's actions (issue 21): acknowledge, comment and assign, on the events log and a device's page. */
const eventActions: LocaleArea<'eventActions'> = {
  ack: '确认',
  ackTitle: '确认事件',
  ackComment: '备注（可选）',
  acked: '事件已确认。',
  ackedBy: '已由 {user} 确认',
  about: '设备 {device} 上的 {rule}',
  comment: '评论',
  commentCount: '{count} 条评论',
  commentTitle: '事件评论',
  commentText: '你的评论',
  commentOk: '添加评论',
  commented: '评论已添加。',
  noComments: '暂无评论。',
  assign: '指派',
  assignTitle: '将事件指派给用户跟进',
  assignUser: '用户名',
  assignHelp: '留空则不指派给任何人。',
  assignOk: '保存',
  assignedNow: '当前处理人：{user}。',
  assigned: '事件已指派给 {user}。',
  unassigned: '事件已取消指派。',
  deviceTitle: '规则事件',
  deviceCount: '{count, plural, other {共 # 个事件}}',
  deviceNone: '尚无规则在此设备上触发事件。',
  inProgress: '进行中',
  withheld: '数值已隐藏',
  since: '自 {time} 起',
  between: '{from} 至 {to}',
};

export default eventActions;
