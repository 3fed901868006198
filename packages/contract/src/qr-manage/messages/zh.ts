import type { AreaMessages } from '../../messages/types.js';

const qrManage: AreaMessages<'qrManage'> = {
  'validation.qrManage.device': '请选择控制器被锁定的设备。',
  'validation.qrManage.challenge': '请输入控制器显示的挑战码：6位数字。',
  'validation.qrManage.mode': '请选择密码用途：解锁1天、7天、30天或永久解锁。',
  'validation.qrManage.requestId': '每次计算需要唯一的请求标识：8到64位字母、数字、- 或 _。',
  'error.qrManage.noCk': '盒子{box}没有CK码，其控制器没有厂家密钥。请先设置CK码。',
  'error.qrManage.quotaUsedUp': '您的密码配额已用完，请向上级申请更多配额。',
  'validation.qrManage.user': '请选择要调整配额的用户。',
  'validation.qrManage.change': '请输入要增加或收回的计算次数：-100000到100000之间的整数，不能为0。',
  'error.qrManage.overYourQuota': '增加的配额不能超过您的剩余配额（{remaining}）。',
  'error.qrManage.overTheirQuota': '减少的配额不能超过该用户的剩余配额（{remaining}）。',
  'error.qrManage.notYourUser': '只能给您的直接下级分配配额。',
  'action.quota.change': '调整密码配额',
};
export default qrManage;
