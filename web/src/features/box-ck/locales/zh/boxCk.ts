import type { LocaleArea } from '@/i18n/types';

/** 盒子CK表（规格 3：盒子编号 ↔ CK码，带时间）、其导入与历史：/device-type/CK-config 与 /smartbox/box-ck。 */
const boxCk: LocaleArea<'boxCk'> = {
  tabs: { boxes: '盒子CK', history: '变更记录' },
  ck: 'CK码',
  actions: '操作',
  save: '保存',
  boxSearch: '盒子编号',
  boxCkFilter: 'CK码',
  box: '盒子编号',
  ckCompany: 'CK公司',
  boxCompany: '盒子公司',
  setAt: '设置时间',
  setBox: '设置盒子CK',
  setBoxTitle: '盒子的CK码',
  noCk: '无（取消）',
  boxSaved: '盒子 {boxId}：{devices} 台设备的类型已改变。',
  change: '修改',
  history: '记录',
  boxTotal: '共 {total} 个盒子',
  import: '导入',
  importTitle: '导入盒子CK码',
  importHelp: '.xlsx 或 .csv 文件（最大 {size} KB）：第一行为列名“{box}”和“{ck}”，之后每行一个盒子。文件没有问题且您点击应用后才会写入。',
  importProblems: '{count} 个问题：请修改文件后重新选择。未写入任何内容。',
  importChanges: '{count} 个盒子将更改CK；{unchanged} 个已是该CK。',
  imported: '{count} 个盒子已设置CK码。',
  from: '原CK',
  to: '新CK',
  at: '时间',
  by: '操作人',
  source: '方式',
  sources: { set: '设置', import: '导入', register: '注册', demo: '演示数据' },
  historyTotal: '共 {total} 条变更',
  historyBox: '盒子编号',
};

export default boxCk;
