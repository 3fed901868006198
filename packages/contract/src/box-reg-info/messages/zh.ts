import type { AreaMessages } from '../../messages/types.js';

const boxRegInfo: AreaMessages<'boxRegInfo'> = {
  'validation.boxId.range': '盒子ID不能大于2147483647',
  'validation.boxId.order': '结束盒子ID不能小于起始盒子ID',
  'validation.boxId.tooMany': '一次注册最多1000个盒子',
  'validation.labels.tooMany': '一次最多打印 500 个盒子的标签',
  'error.noBoxesInRange': '{start} 至 {end} 之间没有已注册的盒子。',
  'validation.pushTimes.range': '推送次数必须在0到10之间',
  'error.boxAlreadyRegistered': '以下盒子ID已注册：{boxIds}',
  'error.userNotFound': '用户不存在。',
  'error.downloadExpired': '该下载已过期或已被使用。',
  // The operation log's name of each action (actions.ts).
  'action.box.register': '注册盒子',
  'action.box.voidLabels': '作废认领标签',
};
export default boxRegInfo;
