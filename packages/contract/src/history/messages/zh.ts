import type { AreaMessages } from '../../messages/types.js';

const history: AreaMessages<'history'> = {
  'validation.registers.list': '寄存器须为以逗号分隔的寄存器编号，最多20个',
  'validation.range.order': '时间范围的结束必须晚于开始',
  'validation.range.tooLong': '时间范围最多366天',
  'validation.range.tooManyCandles': 'K线过多：请缩短时间范围或选择更长的周期',
};
export default history;
