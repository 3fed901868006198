import { describe, expect, it } from 'vitest';
import {
  ckProblem,
  LANGUAGES,
  loginBody,
  message,
  MESSAGES,
  numericProblem,
  passwordProblem,
  pickLanguage,
  usernameProblem,
  type MessageKey,
} from '../src/index.js';

/** The exact English texts of spec section 5. */
const SPEC_TEXT: Partial<Record<MessageKey, string>> = {
  'validation.username.required': 'User name cannot be empty!',
  'validation.username.length': 'User name must be a 6-20 digit number or character!',
  'validation.username.charset': '6-20 digit number or character or @#%^&*_-+ required!',
  'validation.username.noChineseOrSpace': 'User name cannot contain Chinese characters or spaces!',
  'validation.password.required': 'Password cannot be empty!',
  'validation.password.length': 'Password must be a 6-20 digit number or character!',
  'validation.password.noChineseOrSpace': 'Password cannot contain Chinese characters or spaces!',
  'info.verificationFailed': 'Verification failed, please Login again.',
  'info.rolesMustBeArray': 'getInfo: roles must be a non-null array!',
  'info.userInfoNull': 'getInfo: user info cannot be null!',
};

describe('validation rules (spec 5)', () => {
  it.each([
    ['', 'validation.username.required'],
    ['abc', 'validation.username.length'],
    ['a'.repeat(21), 'validation.username.length'],
    ['abc def1', 'validation.username.noChineseOrSpace'],
    ['用户名abcdef', 'validation.username.noChineseOrSpace'],
    ['abcdef!', 'validation.username.charset'],
    ['abc$def', 'validation.username.charset'],
    ['abcdef', null],
    ['a-+@#&*^%_9', null],
    ['a'.repeat(20), null],
  ])('username %j → %s', (value, key) => {
    expect(usernameProblem(value)).toBe(key);
  });

  it.each([
    ['', 'validation.password.required'],
    ['12345', 'validation.password.length'],
    ['1'.repeat(21), 'validation.password.length'],
    ['pass word', 'validation.password.noChineseOrSpace'],
    ['密码123456', 'validation.password.noChineseOrSpace'],
    ['p@ss!word', null],
  ])('password %j → %s', (value, key) => {
    expect(passwordProblem(value)).toBe(key);
  });

  it('keeps the exact English messages of the spec', () => {
    for (const [key, text] of Object.entries(SPEC_TEXT)) expect(message('en', key as MessageKey, {})).toBe(text);
  });

  it('has every message in every language, none empty, none left in English', () => {
    const keys = Object.keys(MESSAGES.en) as MessageKey[];
    for (const lang of LANGUAGES) {
      expect(Object.keys(MESSAGES[lang]).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        expect(MESSAGES[lang][key].trim()).not.toBe('');
        if (lang !== 'en') expect(MESSAGES[lang][key], `${lang} ${key}`).not.toBe(MESSAGES.en[key]);
      }
    }
  });

  it('trims the username at sign-in before checking it', () => {
    const parsed = loginBody.parse({ username: '  demo_root ', password: 'secret1' });
    expect(parsed.username).toBe('demo_root');
    const bad = loginBody.safeParse({ username: '   ', password: 'secret1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.username.required');
  });

  it.each([
    ['', 'number', 'validation.field.required'],
    ['-1.5', 'number', null],
    ['+3', 'number', null],
    ['1e3', 'number', 'validation.field.number'],
    ['0', 'positiveInteger', 'validation.field.positiveInteger'],
    ['12', 'positiveInteger', null],
    ['0', 'nonNegativeInteger', null],
    ['-1', 'nonNegativeInteger', 'validation.field.nonNegativeInteger'],
  ] as const)('numeric %j as %s → %s', (value, kind, key) => {
    expect(numericProblem(value, kind)).toBe(key);
  });

  it('prefixes numeric messages with the field', () => {
    expect(message('en', 'validation.field.required', { field: 'quota' })).toBe('Please fill in quota');
  });

  it('checks CK codes as four digits', () => {
    expect(ckProblem('1333')).toBeNull();
    expect(ckProblem('133')).toBe('validation.ck.format');
    expect(ckProblem('13a3')).toBe('validation.ck.format');
  });

  it('picks the language a request names', () => {
    expect(pickLanguage('zh-CN,zh;q=0.9')).toBe('zh');
    expect(pickLanguage('fr, ja;q=0.5')).toBe('ja');
    expect(pickLanguage('fr')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });
});
