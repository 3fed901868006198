import type { AreaMessages } from '../types.js';

const validation: AreaMessages<'validation'> = {
  'validation.field.required': '请填写{field}',
  'validation.field.number': '请填写{field}，须为数字',
  'validation.field.positiveInteger': '请填写{field}，须为正整数',
  'validation.field.nonNegativeInteger': '请填写{field}，须为非负整数',
  'validation.field.tooLong': '{field}过长',
  'validation.invalid': '{field}的值无效',
  'validation.ck.format': 'CK码必须为四位数字！',
  'validation.date.format': '{field}必须为日期（YYYY-MM-DD）',
};
export default validation;
