import type { LocaleArea } from '@/i18n/types';

/** 面向集成方的 API 密钥（issue 27）：个人中心中的列表、创建与吊销。 */
const apiKeys: LocaleArea<'apiKeys'> = {
  title: 'API 密钥',
  hint: '密钥让工厂系统（MES、SCADA）以您的身份调用 API，且仅限您选择的权限范围：以 Authorization: Bearer dms_… 发送（见 API 文档）。',
  column: {
    name: '名称',
    prefix: '密钥',
    scopes: '权限范围',
    created: '创建时间',
    expires: '到期时间',
    lastUsed: '最近使用',
    lastAddress: '最近地址',
    state: '状态',
  },
  state: {
    active: '有效',
    expired: '已过期',
    revoked: '已吊销',
    userDisabled: '已失效：账号被停用',
    passwordChanged: '已失效：密码已修改',
  },
  never: '从未',
  revoke: '吊销',
  revokeConfirm: '吊销密钥“{name}”？使用它的调用将立即被拒绝。',
  revoked: '密钥已吊销。',
  create: '创建密钥',
  createTitle: '创建 API 密钥',
  createOk: '创建',
  cancel: '取消',
  close: '我已复制',
  copyNow: '请立即复制此密钥，它不会再次显示。',
  name: '名称',
  namePlaceholder: '例如：MES 二号线',
  nameRule: '请为密钥填写 1 到 64 个字符的名称。',
  scopes: '权限范围',
  scopesRule: '请至少选择一个权限范围。',
  scope: {
    devices_read: '设备及其数值、历史和导出',
    devices_write: '在您的权限内写寄存器',
    events_read: '故障记录和规则事件',
  },
  expiry: '有效期',
  days: '{count} 天',
  total: '共 {total} 个密钥',
};
export default apiKeys;
