import type { AreaMessages } from '../types.js';

const validation: AreaMessages<'validation'> = {
  'validation.field.required': '{field}を入力してください',
  'validation.field.number': '{field}に数値を入力してください',
  'validation.field.positiveInteger': '{field}に正の整数を入力してください',
  'validation.field.nonNegativeInteger': '{field}に0以上の整数を入力してください',
  'validation.field.tooLong': '{field}が長すぎます',
  'validation.invalid': '{field}の値が無効です',
  'validation.ck.format': 'CKコードは4桁の数字である必要があります！',
  'validation.date.format': '{field}は日付（YYYY-MM-DD）で入力してください',
};
export default validation;
