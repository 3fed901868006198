import { LANGUAGES, MAX_BOXES_PER_REGISTRATION, message } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { INITIAL_VALUES, rangeCount, registrationBody, registrationFieldProblem, type RegistrationValues } from './rules';

const valid: RegistrationValues = {
  ...INITIAL_VALUES,
  startBoxId: '7000001',
  endBoxId: '7000003',
  userId: 6,
  boxType: 'GW-4G',
};

describe('box registration rules', () => {
  for (const lang of LANGUAGES) {
    it(`say what the server says, in ${lang}`, () => {
      const problem = (field: keyof RegistrationValues, change: Partial<RegistrationValues>) =>
        registrationFieldProblem(field, { ...valid, ...change }, lang, 'F');
      expect(problem('endBoxId', { endBoxId: '7000000' })).toBe(message(lang, 'validation.boxId.order'));
      expect(problem('endBoxId', { endBoxId: String(7000001 + MAX_BOXES_PER_REGISTRATION) })).toBe(
        message(lang, 'validation.boxId.tooMany'),
      );
      expect(problem('endBoxId', { endBoxId: String(7000000 + MAX_BOXES_PER_REGISTRATION) })).toBeNull();
      expect(problem('startBoxId', { startBoxId: '' })).toBe(message(lang, 'validation.field.positiveInteger', { field: 'F' }));
      expect(problem('startBoxId', { startBoxId: '1.5' })).toBe(message(lang, 'validation.field.positiveInteger', { field: 'F' }));
      expect(problem('startBoxId', { startBoxId: 'abc' })).toBe(message(lang, 'validation.field.positiveInteger', { field: 'F' }));
      expect(problem('startBoxId', { startBoxId: '0' })).toBe(message(lang, 'validation.field.positiveInteger', { field: 'F' }));
      expect(problem('startBoxId', { startBoxId: '2147483648' })).toBe(message(lang, 'validation.boxId.range'));
      expect(problem('userId', { userId: undefined })).toBe(message(lang, 'validation.field.required', { field: 'F' }));
      expect(problem('boxType', { boxType: '  ' })).toBe(message(lang, 'validation.field.required', { field: 'F' }));
      expect(problem('boxType', { boxType: 'x'.repeat(33) })).toBe(message(lang, 'validation.field.tooLong', { field: 'F' }));
      expect(problem('pushFault', { pushFault: 11 })).toBe(message(lang, 'validation.pushTimes.range'));
      expect(problem('pushFault', { pushFault: null })).toBe(message(lang, 'validation.field.required', { field: 'F' }));
      for (const field of Object.keys(valid) as Array<keyof RegistrationValues>) expect(problem(field, {}), field).toBeNull();
    });
  }

  it('counts the range and builds the body', () => {
    expect(rangeCount(valid)).toBe(3);
    expect(rangeCount({ startBoxId: '5', endBoxId: '4' })).toBeNull();
    expect(rangeCount({ startBoxId: '', endBoxId: '4' })).toBeNull();
    expect(registrationBody({ ...valid, startBoxId: ' 7000001 ', contact: ' Ann ' })).toEqual({
      startBoxId: 7000001,
      endBoxId: 7000003,
      userId: 6,
      boxType: 'GW-4G',
      contact: 'Ann',
      companyName: '',
      pushWarning: 1,
      pushFault: 1,
      pushNormal: 1,
    });
  });
});
