import { describe, expect, it } from 'vitest';
import { boxConfigProblems, boxProtocolSheet, commandRange, diffBoxConfig, message, type BoxParam } from '../index.js';

const t = (en: string, zh: string, es: string, ja: string) => ({ en, zh, es, ja });
const NAME = t('A', '甲', 'A', 'エー');
const NO_NOTE = t('', '', '', '');
const param = (key: string, more: Partial<BoxParam> = {}): BoxParam => ({
  key,
  name: NAME,
  format: 'number',
  unit: '',
  default: '1',
  note: NO_NOTE,
  ...more,
});
const INTERVAL = param('interval', {
  name: t('Report interval', '上报间隔', 'Intervalo de envío', '送信間隔'),
  unit: 's',
  default: '10',
  min: 1,
  max: 3600,
  note: t('Seconds between two snapshots.', '两次数据快照之间的秒数。', 'Segundos entre dos instantáneas.', 'スナップショット間の秒数。'),
});
const GPS = param('gps', {
  name: t('Location reports', '定位上报', 'Informes de ubicación', '位置情報の送信'),
  format: 'yes-no',
  default: 'no',
});

/** The problems as [row, field, key, params]. */
const problems = (params: BoxParam[]) => boxConfigProblems(params).map((p) => [p.row, p.field, p.key, p.params]);

describe('box configuration rules', () => {
  it('passes a good configuration: numbers in range, text, yes-no, the command parameters within the protocol', () => {
    expect(
      boxConfigProblems([
        INTERVAL,
        param('deadband', { default: '0', min: 0, max: 65_535 }),
        param('apn', { format: 'text', default: 'cmnet' }),
        GPS,
        param('gain', { default: '-1.5e2' }),
        param('x9_y', { default: '.5', min: 0 }),
      ]),
    ).toEqual([]);
  });

  it('names a key that is not 1 to 40 lower-case letters, digits and _ from a letter', () => {
    expect(problems([param('Interval'), param('9lives'), param(''), param('a'.repeat(41)), param('a'.repeat(40))])).toEqual([
      [1, 'key', 'validation.boxConfig.key', { row: 1 }],
      [2, 'key', 'validation.boxConfig.key', { row: 2 }],
      [3, 'key', 'validation.boxConfig.key', { row: 3 }],
      [4, 'key', 'validation.boxConfig.key', { row: 4 }],
    ]);
  });

  it('names a key given twice with the row that has it first', () => {
    expect(problems([param('baud'), param('apn'), param('baud'), param('baud')])).toEqual([
      [3, 'key', 'validation.boxConfig.keyTwice', { row: 3, key: 'baud', other: 1 }],
      [4, 'key', 'validation.boxConfig.keyTwice', { row: 4, key: 'baud', other: 1 }],
    ]);
    expect(message('en', 'validation.boxConfig.keyTwice', { row: 2, key: 'interval', other: 1 })).toBe(
      'Row 2: the key interval is also in row 1.',
    );
  });

  it('names each missing translation with its language', () => {
    expect(problems([param('a', { name: { ...NAME, zh: ' ', ja: '' } })])).toEqual([
      [1, 'name', 'validation.boxConfig.translation', { row: 1, language: '中文' }],
      [1, 'name', 'validation.boxConfig.translation', { row: 1, language: '日本語' }],
    ]);
  });

  it('refuses a range on text or yes-no, and a yes-no default other than yes or no', () => {
    expect(
      problems([
        param('apn', { format: 'text', default: 'x', max: 3 }),
        param('gps', { format: 'yes-no', default: 'yes', min: 0 }),
        param('led', { format: 'yes-no', default: 'Yes' }),
        param('name', { format: 'text', default: 'anything' }),
      ]),
    ).toEqual([
      [1, 'min', 'validation.boxConfig.rangeOnNumber', { row: 1 }],
      [2, 'min', 'validation.boxConfig.rangeOnNumber', { row: 2 }],
      [3, 'default', 'validation.boxConfig.defaultYesNo', { row: 3 }],
    ]);
  });

  it("refuses a minimum above the maximum, a number's default that is no number, and one out of its range", () => {
    expect(
      problems([
        param('a', { min: 10, max: 5, default: '7' }),
        param('b', { default: 'ten' }),
        param('c', { default: '' }),
        param('d', { default: '1,5' }),
        param('e', { default: '11', min: 0, max: 10 }),
        param('f', { default: '-1', min: 0 }),
        param('g', { default: '100', max: 99.5 }),
        param('h', { default: '10', min: 10, max: 10 }),
      ]),
    ).toEqual([
      [1, 'min', 'validation.boxConfig.minMax', { row: 1, min: 10, max: 5 }],
      [1, 'default', 'validation.boxConfig.defaultRange', { row: 1, min: 10, max: 5 }],
      [2, 'default', 'validation.boxConfig.defaultNumber', { row: 2 }],
      [3, 'default', 'validation.boxConfig.defaultNumber', { row: 3 }],
      [4, 'default', 'validation.boxConfig.defaultNumber', { row: 4 }],
      [5, 'default', 'validation.boxConfig.defaultRange', { row: 5, min: 0, max: 10 }],
      [6, 'default', 'validation.boxConfig.defaultRange', { row: 6, min: 0, max: '' }],
      [7, 'default', 'validation.boxConfig.defaultRange', { row: 7, min: '', max: 99.5 }],
    ]);
    expect(message('en', 'validation.boxConfig.defaultRange', { row: 5, min: 0, max: 10 })).toBe(
      'Row 5: the default is outside its range (0 to 10).',
    );
  });

  it('holds interval and deadband (set by the config command) to a number with a whole range within the protocol', () => {
    const rule = (row: number, key: 'interval' | 'deadband') => [
      row,
      'max',
      'validation.boxConfig.commandParam',
      key === 'interval' ? { row, key, min: 1, max: 3600 } : { row, key, min: 0, max: 65_535 },
    ];
    expect(problems([{ ...INTERVAL, min: 0 }])).toEqual([rule(1, 'interval')]);
    expect(problems([{ ...INTERVAL, max: 3601 }])).toEqual([rule(1, 'interval')]);
    expect(problems([{ ...INTERVAL, min: 1.5 }])).toEqual([rule(1, 'interval')]);
    expect(problems([param('interval', { default: '10', min: 5 })])).toEqual([rule(1, 'interval')]);
    expect(problems([param('interval', { format: 'text', default: '10' })])).toEqual([rule(1, 'interval')]);
    expect(problems([param('deadband', { default: '0', min: -1, max: 10 })])).toEqual([rule(1, 'deadband')]);
    expect(problems([param('deadband', { default: '0', min: 0, max: 70_000 })])).toEqual([rule(1, 'deadband')]);
    // Within the protocol, narrower: fine, and what bounds the config command.
    expect(problems([{ ...INTERVAL, min: 5, max: 600 }])).toEqual([]);
    expect(commandRange([{ ...INTERVAL, min: 5, max: 600 }], 'interval')).toEqual({ min: 5, max: 600 });
    expect(commandRange([INTERVAL], 'deadband')).toBeNull();
    expect(message('en', 'validation.boxConfig.commandParam', { row: 1, key: 'interval', min: 1, max: 3600 })).toBe(
      'Row 1: interval is set by the config command, so it is a number with a whole minimum and maximum within 1 to 3600.',
    );
  });
});

describe('box configuration diff', () => {
  it('lists the parameters added, removed and changed by key, with the fields; an absent bound is no change', () => {
    const before = [INTERVAL, param('baud', { min: 1200 }), param('apn', { format: 'text' }), GPS];
    const after = [
      { ...INTERVAL, default: '30', name: { ...INTERVAL.name, zh: '间隔' } },
      param('apn', { format: 'text', min: undefined }),
      param('baud', { unit: 'bit/s' }),
      param('led', { format: 'yes-no', default: 'yes' }),
    ];
    const diff = diffBoxConfig(before, after);
    expect(diff.added.map((p) => p.key)).toEqual(['led']);
    expect(diff.removed.map((p) => p.key)).toEqual(['gps']);
    expect(diff.changed.map((c) => [c.before.key, c.after.key, c.fields])).toEqual([
      ['interval', 'interval', ['name', 'default']],
      ['baud', 'baud', ['unit', 'min']],
    ]);
    expect(diff.changed[0]?.before.default).toBe('10');
    expect(diff.changed[0]?.after.default).toBe('30');
    expect(diffBoxConfig(after, after)).toEqual({ added: [], removed: [], changed: [] });
  });
});

describe('box protocol document', () => {
  const params = [INTERVAL, GPS, param('poll_timeout', { unit: 'ms', default: '1000', min: 100, max: 5000 })];

  it('heads the columns and writes a row per parameter in English', () => {
    const { headers, rows } = boxProtocolSheet(params, 'en');
    expect(headers).toEqual(['Key', 'Name', 'Format', 'Unit', 'Default', 'Range', 'Set by', 'Note']);
    expect(rows).toEqual([
      ['interval', 'Report interval', 'Number', 's', '10', '1 – 3600', 'config command', 'Seconds between two snapshots.'],
      ['gps', 'Location reports', 'Yes/no', '', 'no', '', 'on the box', ''],
      ['poll_timeout', 'A', 'Number', 'ms', '1000', '100 – 5000', 'on the box', ''],
    ]);
  });

  it('writes the same document in Chinese: names, notes, formats and yes-no defaults in its words', () => {
    const { headers, rows } = boxProtocolSheet(params, 'zh');
    expect(headers).toEqual(['键', '名称', '格式', '单位', '默认值', '范围', '设置方式', '说明']);
    expect(rows[0]).toEqual(['interval', '上报间隔', '数值', 's', '10', '1 – 3600', '配置命令', '两次数据快照之间的秒数。']);
    expect(rows[1]).toEqual(['gps', '定位上报', '是/否', '', '否', '', '盒子本地', '']);
    expect(boxProtocolSheet([{ ...GPS, default: 'yes' }], 'ja').rows[0]?.[4]).toBe('はい');
  });
});
