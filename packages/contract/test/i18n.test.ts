import { describe, expect, it } from 'vitest';
import { format, placeholderNames } from '../src/i18n.js';

describe('format', () => {
  it('fills {name} placeholders and leaves one without its parameter as written', () => {
    expect(format('{username} was added.', { username: 'li_wei' })).toBe('li_wei was added.');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(format('no params {a}')).toBe('no params {a}');
  });

  const helpers = '{count, plural, one {# helper} other {# helpers}}';

  it('chooses the English plural branch by the number, and writes # as the number', () => {
    expect(format(helpers, { count: 0 }, 'en')).toBe('0 helpers');
    expect(format(helpers, { count: 1 }, 'en')).toBe('1 helper');
    expect(format(helpers, { count: 2 }, 'en')).toBe('2 helpers');
    // # in the language's digits; a string holding a number counts too.
    expect(format(helpers, { count: 1200 }, 'en')).toBe('1,200 helpers');
    expect(format(helpers, { count: '1' }, 'en')).toBe('1 helper');
  });

  it('follows each language’s rules: Spanish one/other, Chinese and Japanese other only', () => {
    const es = '{count, plural, one {# ayudante} other {# ayudantes}}';
    expect(format(es, { count: 1 }, 'es')).toBe('1 ayudante');
    expect(format(es, { count: 3 }, 'es')).toBe('3 ayudantes');
    expect(format(es, { count: 0 }, 'es')).toBe('0 ayudantes');
    expect(format('共 {count, plural, other {# 个助手}}', { count: 1 }, 'zh')).toBe('共 1 个助手');
    expect(format('ヘルパー {count, plural, other {# 人}}', { count: 1 }, 'ja')).toBe('ヘルパー 1 人');
    // A language's rule without a branch of its own falls back to other.
    expect(format('{count, plural, other {# x}}', { count: 1 }, 'en')).toBe('1 x');
  });

  it('takes an exact =N branch first, and fills placeholders inside a branch', () => {
    const message = '{count, plural, =0 {No device of {owner}} one {# device of {owner}} other {# devices of {owner}}}';
    expect(format(message, { count: 0, owner: 'li' }, 'en')).toBe('No device of li');
    expect(format(message, { count: 1, owner: 'li' }, 'en')).toBe('1 device of li');
    expect(format(message, { count: 5, owner: 'li' }, 'en')).toBe('5 devices of li');
  });

  it('mixes plain placeholders and several plurals in one message', () => {
    const message =
      '{shared, plural, one {# shared} other {# shared}}, {switch, plural, one {# with switch} other {# with switch}} for {name}';
    expect(format(message, { shared: 1, switch: 0, name: 'h1' }, 'en')).toBe('1 shared, 0 with switch for h1');
    const two = '{devices, plural, one {# device} other {# devices}} and {helpers, plural, one {# helper} other {# helpers}}';
    expect(format(two, { devices: 1, helpers: 3 }, 'en')).toBe('1 device and 3 helpers');
  });

  it('leaves a plural as written when its number is missing or not a number, or when it has no other branch', () => {
    expect(format(helpers, {}, 'en')).toBe(helpers);
    expect(format(helpers, { count: 'many' }, 'en')).toBe(helpers);
    expect(format('{count, plural, one {# x}}', { count: 1 }, 'en')).toBe('{count, plural, one {# x}}');
    // An unclosed brace is text.
    expect(format('a { b {count}', { count: 1 }, 'en')).toBe('a { b {count}');
  });

  it('writes # of the branch only, not of an argument nested in it', () => {
    const nested = '{a, plural, one {# a, {b, plural, one {# b} other {# bs}}} other {# as}}';
    expect(format(nested, { a: 1, b: 2 }, 'en')).toBe('1 a, 2 bs');
  });
});

describe('placeholderNames', () => {
  it('names the plain placeholders, the plural numbers and the placeholders in their branches, once each', () => {
    expect(placeholderNames('{b} and {a}')).toEqual(['a', 'b']);
    expect(placeholderNames('{count, plural, one {# of {owner}} other {# of {owner}}}')).toEqual(['count', 'owner']);
    expect(placeholderNames('no placeholders')).toEqual([]);
  });
});
