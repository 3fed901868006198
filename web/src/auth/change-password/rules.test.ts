import { LANGUAGES, MESSAGES } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { passwordFieldError } from './rules';

describe('change-password rules', () => {
  for (const lang of LANGUAGES) {
    it(`in ${lang}`, () => {
      const m = MESSAGES[lang];
      const ok = { oldPassword: 'demo123456', newPassword: 'changed-1', confirmPassword: 'changed-1' };
      expect(passwordFieldError('oldPassword', { ...ok, oldPassword: '' }, lang)).toBe(m['validation.password.required']);
      expect(passwordFieldError('newPassword', { ...ok, newPassword: '12' }, lang)).toBe(m['validation.password.length']);
      expect(passwordFieldError('newPassword', { ...ok, newPassword: 'demo123456' }, lang)).toBe(m['validation.password.sameAsOld']);
      expect(passwordFieldError('confirmPassword', { ...ok, confirmPassword: 'different1' }, lang)).toBe(
        m['validation.password.confirmMismatch'],
      );
      expect(passwordFieldError('newPassword', ok, lang)).toBeNull();
      expect(passwordFieldError('confirmPassword', ok, lang)).toBeNull();
    });
  }
});
