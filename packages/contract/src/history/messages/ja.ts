import type { AreaMessages } from '../../messages/types.js';

const history: AreaMessages<'history'> = {
  'validation.registers.list': 'レジスタはカンマ区切りのレジスタ番号（最大20個）で指定してください',
  'validation.range.order': '期間の終了は開始より後である必要があります',
  'validation.range.tooLong': '期間は最大366日までです',
  'validation.range.tooManyCandles': 'ローソク足が多すぎます。期間を短くするか、周期を長くしてください',
};
export default history;
