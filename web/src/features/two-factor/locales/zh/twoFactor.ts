import type { LocaleArea } from '@/i18n/types';

/** 两步验证登录（issue 27）：个人中心中的开启，以及必须使用它的角色的页面。 */
const twoFactor: LocaleArea<'twoFactor'> = {
  title: '两步验证登录',
  on: '已开启',
  off: '未开启',
  offHint: '登录时除密码外，还需输入手机上身份验证器应用中的验证码，仅凭被盗的密码无法登录。',
  turnOn: '开启',
  scan: '用身份验证器应用扫描此二维码，然后输入其显示的 6 位验证码。',
  qrAlt: '您的密钥二维码',
  typeKey: '或在应用中输入此密钥：',
  confirm: '确认',
  codePlaceholder: '6 位验证码',
  anyCodePlaceholder: '验证码或恢复码',
  codeRequired: '请输入验证码。',
  codesTitle: '请立即保存您的恢复码',
  codesHint: '手机丢失时，每个恢复码可登录一次。它们不会再次显示。',
  saved: '我已保存',
  onSince: '自 {time} 起已开启。',
  recoveryLeft: '{count, plural, =0 {没有剩余的恢复码。} other {剩余 # 个恢复码。}}',
  turnOff: '关闭',
  requiredByRole: '您的角色必须使用两步验证登录，因此无法关闭。',
  requiredTitle: '开启两步验证登录',
  requiredNotice: '您的角色必须使用两步验证登录。开启后才能继续使用控制台。',
  signOut: '退出登录',
  resetTitle: '重置用户的两步验证登录',
  resetHint: '用于丢失手机和恢复码的用户：其两步验证将被关闭，其所有会话将被结束。',
  reset: '重置',
  resetConfirm: '重置该用户的两步验证登录并结束其会话？',
  resetDone: '{count, plural, =0 {已重置。该用户没有会话。} other {已重置。已结束 # 个会话。}}',
  username: '用户名',
};
export default twoFactor;
