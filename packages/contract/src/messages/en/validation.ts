/** Field rules many forms share (spec section 5). */
export default {
  'validation.field.required': 'Please fill in {field}',
  'validation.field.number': 'Please fill in {field} with a number',
  'validation.field.positiveInteger': 'Please fill in {field} with a positive integer',
  'validation.field.nonNegativeInteger': 'Please fill in {field} with a non-negative integer',
  'validation.field.tooLong': '{field} is too long',
  'validation.invalid': 'Invalid value for {field}',
  'validation.ck.format': 'CK code must be four digits!',
  'validation.date.format': '{field} must be a date (YYYY-MM-DD)',
};
