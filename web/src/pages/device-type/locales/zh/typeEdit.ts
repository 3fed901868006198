import type { LocaleArea } from '@/i18n/types';

/** /device-type/type-config/edit/{id}: the register map editor and its versions (issue 20). */
const typeEdit: LocaleArea<'typeEdit'> = {
  title: '编辑 {code}',
  notFound: '没有该控制器类型。',
  back: '返回控制器类型',
  unsaved: '未保存的修改',
  add: '添加寄存器',
  upload: '上传',
  save: '保存',
  cancel: '取消',
  saved: '{code} 已保存为版本 {version}。',
  confirmTitle: '将 {code} 保存为版本 {version}？',
  nameMissing: '请填写该语言的名称。',
  problems: '保存前需修正 {count} 个问题',
  moreProblems: '另有 {count} 项',
  help: '双字寄存器占用其地址及下一个地址。未设系数时，数值为原始值除以 10 的小数位次方；设了系数时为 原始值 × 系数 + 偏移。操作类寄存器是“操作员”模板可以写入的寄存器；启停开关只需启停权限即可写入。选项和位保持不变。',
  more: '选项 / 位',
  options: '{count} 个选项',
  bits: '{count} 个位',
  remove: '删除寄存器 {number}',
  versions: '版本',
  current: '当前',
  changes: '修改',
  showChanges: '查看修改',
  changesTitle: '版本 {version} 相对 {previous}',
  order: { 'high-first': '高字在前', 'low-first': '低字在前' },
  encodings: { int: '整数', float32: 'Float32' },
  roles: { none: '—', switch: '启停开关' },
  diff: { none: '没有寄存器修改。', added: '新增 {count} 个', removed: '删除 {count} 个', changed: '修改 {count} 个' },
};

export default typeEdit;
