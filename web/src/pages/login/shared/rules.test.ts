import { LANGUAGES, MESSAGES } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { loginFieldError } from './rules';

/** The sign-in rules of spec 5, through the same helper the form uses, in every language. */
describe('sign-in form rules', () => {
  const usernameCases: Array<[string, keyof (typeof MESSAGES)['en'] | null]> = [
    ['', 'validation.username.required'],
    ['   ', 'validation.username.required'],
    ['abc', 'validation.username.length'],
    ['a'.repeat(21), 'validation.username.length'],
    ['abcdef!', 'validation.username.charset'],
    ['abc 用户', 'validation.username.noChineseOrSpace'],
    ['用户名用户名', 'validation.username.noChineseOrSpace'],
    ['demo_manager', null],
    ['  demo_manager ', null],
    ['a@#%^&*_-+', null],
  ];
  const passwordCases: Array<[string, keyof (typeof MESSAGES)['en'] | null]> = [
    ['', 'validation.password.required'],
    ['123', 'validation.password.length'],
    ['x'.repeat(21), 'validation.password.length'],
    ['pass word', 'validation.password.noChineseOrSpace'],
    ['密码密码密码', 'validation.password.noChineseOrSpace'],
    ['demo123456', null],
    ['!any$chars~', null],
  ];

  for (const lang of LANGUAGES) {
    it(`username messages in ${lang}`, () => {
      for (const [value, key] of usernameCases) {
        expect(loginFieldError('username', value, lang), JSON.stringify(value)).toBe(key ? MESSAGES[lang][key] : null);
      }
    });
    it(`password messages in ${lang}`, () => {
      for (const [value, key] of passwordCases) {
        expect(loginFieldError('password', value, lang), JSON.stringify(value)).toBe(key ? MESSAGES[lang][key] : null);
      }
    });
  }

  it('says what spec 5 says in English, and Chinese text in Chinese', () => {
    expect(loginFieldError('username', '', 'en')).toBe('User name cannot be empty!');
    expect(loginFieldError('username', 'abc', 'en')).toBe('User name must be a 6-20 digit number or character!');
    expect(loginFieldError('username', 'abcdef!', 'en')).toBe('6-20 digit number or character or @#%^&*_-+ required!');
    expect(loginFieldError('username', 'abc def', 'en')).toBe('User name cannot contain Chinese characters or spaces!');
    expect(loginFieldError('password', '', 'en')).toBe('Password cannot be empty!');
    expect(loginFieldError('password', '123', 'en')).toBe('Password must be a 6-20 digit number or character!');
    expect(loginFieldError('password', 'a b c d', 'en')).toBe('Password cannot contain Chinese characters or spaces!');
    expect(loginFieldError('username', '', 'zh')).toBe('用户名不能为空！');
  });
});
