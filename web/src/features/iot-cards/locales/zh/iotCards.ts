import type { LocaleArea } from '@/i18n/types';

/** 物联网卡（issue 22）：顶栏的到期设备列表，以及 root 和 limited_admin 的卡记录。 */
const iotCards: LocaleArea<'iotCards'> = {
  badge: '本月到期的物联网卡',
  title: '即将到期的物联网卡',
  month: { this_month: '本月', next_month: '下月', expired: '已过期' },
  search: '盒子编号、ICCID、公司或运营商',
  column: {
    box: '盒子',
    devices: '设备',
    company: '公司',
    iccid: 'ICCID 卡号',
    provider: '运营商',
    expiry: '到期日',
    daysLeft: '剩余天数',
    actions: '操作',
  },
  daysLeft: '{days, plural, other {# 天}}',
  today: '今天',
  daysAgo: '{days, plural, other {# 天前}}',
  total: '{total, plural, other {共 # 张卡}}',
  notSet: '未设置',
  edit: '设置到期日',
  save: '保存',
  saved: '卡已保存。',
  import: '导入',
  importTitle: '导入物联网卡',
  importHelp:
    '表格（.xlsx 或 .csv，最大 {size} KB），列为 ICCID、到期日（YYYY-MM-DD），可选运营商。尚无盒子上报的卡会被保留，待有盒子上报时匹配。',
  importProblems: '{count, plural, other {# 个问题}}：请修改文件后重新选择。未写入任何内容。',
  importChanges: '将设置 {count, plural, other {# 张卡}}；{unchanged} 张不变。',
  imported: '已设置 {count, plural, other {# 张卡}}。',
  known: '已有',
  newCard: '新卡',
};

export default iotCards;
