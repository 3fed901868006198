import type { LocaleArea } from '@/i18n/types';

const typeConfig: LocaleArea<'typeConfig'> = {
  search: '编码或名称',
  allKinds: '全部类别',
  code: '编码',
  name: '名称',
  kind: '类别',
  registers: '寄存器数',
  version: '版本',
  devices: '设备数',
  updated: '保存时间',
  updatedBy: '保存人',
  release: '系统版本',
  builtinTag: '内置',
  actions: '操作',
  edit: '编辑',
  copy: '复制',
  copyTitle: '复制 {code}',
  copyHelp: '新类型以此寄存器表作为其版本 1。',
  copyOk: '复制',
  copied: '已创建类型 {code}。',
  nameIn: '名称（{language}）',
  delete: '删除',
  deleteConfirm: '删除类型 {code}？',
  deleted: '类型 {code} 已删除。',
  total: '共 {total} 个类型',
};
export default typeConfig;
