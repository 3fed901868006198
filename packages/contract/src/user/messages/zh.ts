import type { AreaMessages } from '../../messages/types.js';

const user: AreaMessages<'user'> = {
  'validation.username.required': '用户名不能为空！',
  'validation.username.length': '用户名必须为6-20位数字或字符！',
  'validation.username.charset': '需要6-20位数字或字符或@#%^&*_-+！',
  'validation.username.noChineseOrSpace': '用户名不能包含中文字符或空格！',
  'validation.password.required': '密码不能为空！',
  'validation.password.length': '密码必须为6-20位数字或字符！',
  'validation.password.noChineseOrSpace': '密码不能包含中文字符或空格！',
  'validation.password.confirmMismatch': '两次输入的密码不一致！',
  'validation.password.sameAsOld': '新密码不能与当前密码相同！',
  'error.wrongCredentials': '用户名或密码错误。',
  'error.wrongOldPassword': '当前密码不正确。',
  'error.accountDisabled': '该账号已停用。',
  'error.tooManyAttempts': '登录尝试次数过多，请在{seconds}秒后重试。',
  'error.tooManyPasswordAttempts': '密码错误次数过多，请在{seconds}秒后重试。',
  'error.addressBlocked': '此地址的密码错误次数过多，请在{seconds}秒后重试。',
  'error.tokenIllegal': '您尚未登录或会话无效，请重新登录。',
  'error.tokenRevoked': '您的会话已结束，请重新登录。',
  'error.tokenExpired': '您的会话已过期，请重新登录。',
  'error.sessionNotYours': '只能结束您自己的会话。',
  'info.verificationFailed': '验证失败，请重新登录。',
  'info.rolesMustBeArray': 'getInfo：角色必须是非空数组！',
  'info.userInfoNull': 'getInfo：用户信息不能为空！',
  // The operation log's name of each action (actions.ts).
  'action.user.login': '登录',
  'action.user.logout': '退出登录',
  'action.user.changePassword': '修改密码',
  'action.user.endSession': '结束会话',
  'action.user.endOtherSessions': '结束其他会话',
};
export default user;
