import type { LocaleArea } from '@/i18n/types';

const typeRelation: LocaleArea<'typeRelation'> = {
  search: '型号编码或类型',
  new: '映射型号编码',
  modelCode: '型号编码',
  type: '控制器类型',
  devices: '设备数',
  updated: '保存时间',
  updatedBy: '保存人',
  actions: '操作',
  change: '修改',
  remove: '删除',
  removeConfirm: '删除 {code} 的关联？其设备将回到与该编码同名的类型，或没有类型。',
  removed: '{code} 的关联已删除。',
  save: '保存',
  saved: '{code} 现对应 {type}：{devices} 台设备随之更新。',
  editTitle: '型号编码 {code}',
  help: '云盒为每个控制器上报型号编码。在此映射的编码会立即使其设备采用该类型，之后上报该编码的新云盒也一样。',
  unmapped: '上报了但没有类型',
  unmappedHelp: '设备上报、但没有关联也没有同名类型的型号编码。点击一个即可映射。',
  unmappedNone: '设备上报的每个编码都有类型。',
  unmappedCount: '{code} · {devices} 台设备',
  total: '共 {total} 条关联',
};
export default typeRelation;
