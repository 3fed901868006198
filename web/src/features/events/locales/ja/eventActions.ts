import type { LocaleArea } from '@/i18n/types';

/** An event's actions (issue 21): acknowledge, comment and assign, on the events log and a device's page. */
const eventActions: LocaleArea<'eventActions'> = {
  ack: '確認',
  ackTitle: 'イベントを確認',
  ackComment: 'コメント（任意）',
  acked: 'イベントを確認しました。',
  ackedBy: '{user} が確認済み',
  about: 'デバイス {device} の {rule}',
  comment: 'コメント',
  commentCount: 'コメント {count} 件',
  commentTitle: 'イベントのコメント',
  commentText: 'コメント内容',
  commentOk: 'コメントを追加',
  commented: 'コメントを追加しました。',
  noComments: 'コメントはまだありません。',
  assign: '割り当て',
  assignTitle: 'フォローするユーザーにイベントを割り当て',
  assignUser: 'ユーザー名',
  assignHelp: '空欄にすると誰にも割り当てません。',
  assignOk: '保存',
  assignedNow: '現在の担当者：{user}。',
  assigned: 'イベントを {user} に割り当てました。',
  unassigned: 'イベントの割り当てを解除しました。',
  deviceTitle: 'ルールイベント',
  deviceCount: '{count, plural, other {# 件のイベント}}',
  deviceNone: 'この機器でイベントを開始したルールはまだありません。',
  inProgress: '進行中',
  withheld: '値は非表示です',
  since: '{time} から',
  between: '{from} ～ {to}',
};

export default eventActions;
