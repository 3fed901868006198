import { LANGUAGES, message, passwordProblem, usernameProblem } from '@dms/contract';
import { describe, expect, it } from 'vitest';

/** The sign-in form shows message(lang, usernameProblem(v)); these are the texts a user reads in each language. */
const EXPECTED = {
  en: ['User name cannot be empty!', 'User name must be a 6-20 digit number or character!', '6-20 digit number or character or @#%^&*_-+ required!', 'User name cannot contain Chinese characters or spaces!', 'Password cannot be empty!', 'Password must be a 6-20 digit number or character!', 'Password cannot contain Chinese characters or spaces!'],
  zh: ['用户名不能为空！', '用户名必须为6-20位数字或字符！', '需要6-20位数字或字符或@#%^&*_-+！', '用户名不能包含中文字符或空格！', '密码不能为空！', '密码必须为6-20位数字或字符！', '密码不能包含中文字符或空格！'],
  es: ['¡El nombre de usuario no puede estar vacío!', '¡El nombre de usuario debe tener de 6 a 20 números o caracteres!', '¡Se requieren de 6 a 20 números o caracteres o @#%^&*_-+!', '¡El nombre de usuario no puede contener caracteres chinos ni espacios!', '¡La contraseña no puede estar vacía!', '¡La contraseña debe tener de 6 a 20 números o caracteres!', '¡La contraseña no puede contener caracteres chinos ni espacios!'],
  ja: ['ユーザー名を入力してください！', 'ユーザー名は6～20桁の数字または文字である必要があります！', '6～20桁の数字、文字、または @#%^&*_-+ が必要です！', 'ユーザー名に漢字や空白を含めることはできません！', 'パスワードを入力してください！', 'パスワードは6～20桁の数字または文字である必要があります！', 'パスワードに漢字や空白を含めることはできません！'],
} as const;

describe('sign-in validation messages in every language', () => {
  for (const lang of LANGUAGES) {
    it(lang, () => {
      const shown = [
        usernameProblem(''),
        usernameProblem('abc'),
        usernameProblem('abcdef!'),
        usernameProblem('abc def'),
        passwordProblem(''),
        passwordProblem('123'),
        passwordProblem('abc def'),
      ].map((key) => (key ? message(lang, key) : ''));
      expect(shown).toEqual(EXPECTED[lang]);
    });
  }
});
