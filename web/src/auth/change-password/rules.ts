import { message, passwordProblem, type Language } from '@dms/contract';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = keyof PasswordChange;

/** The change-password form's rules (spec 5 plus confirm and "differs from current"), translated. */
export function passwordFieldError(field: PasswordField, values: PasswordChange, lang: Language): string | null {
  const value = values[field];
  const key = passwordProblem(value);
  if (key) return message(lang, key);
  if (field === 'newPassword' && values.oldPassword && value === values.oldPassword) {
    return message(lang, 'validation.password.sameAsOld');
  }
  if (field === 'confirmPassword' && value !== values.newPassword) return message(lang, 'validation.password.confirmMismatch');
  return null;
}
