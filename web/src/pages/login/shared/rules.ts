import { message, passwordProblem, usernameProblem, type Language } from '@dms/contract';

export type LoginField = 'username' | 'password';

/**
 * The sign-in form's client-side rules (spec 5), translated into the console's language.
 * The username is checked as the server will take it: trimmed (spec 7).
 */
export function loginFieldError(field: LoginField, value: string, lang: Language): string | null {
  const key = field === 'username' ? usernameProblem(value.trim()) : passwordProblem(value);
  return key ? message(lang, key) : null;
}
