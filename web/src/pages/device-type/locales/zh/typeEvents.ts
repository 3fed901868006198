/** /device-type/type-events：类型寄存器的哪些位表示故障、告警或信息（issue 20）。 */
export default {
  type: '控制器类型',
  register: '寄存器 {number} · {name}',
  bit: '位',
  severity: '级别',
  textIn: '{language}文本',
  add: '添加位',
  remove: '删除位 {bit}',
  noBits: '该寄存器还没有产生事件的位。',
  empty: '该类型没有位字段寄存器。请先在类型编辑中把某个寄存器的格式设为“位”。',
  openEditor: '打开类型编辑',
  help: '此处列出的每一位在设备置位时产生相应级别的事件，并以用户的语言显示其文本：故障或告警会显示在设备、故障记录和事件模板中。保存会生成寄存器表的下一个版本，与类型编辑相同。',
};
