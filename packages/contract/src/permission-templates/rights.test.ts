import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WRITES,
  registerRead,
  registerRight,
  rightKey,
  type RegisterRight,
  type TemplateDefaultWrite,
  type TemplateRights,
} from '../index.js';

const TYPE = 7;
// The map marks a setpoint `operating`; a protection limit is not.
const SETPOINT = { register: 10, operating: true };
const LIMIT = { register: 11, operating: false };

function template(defaultRead: boolean, defaultWrite: TemplateDefaultWrite, named: Array<[number, RegisterRight]> = []): TemplateRights {
  return { defaultRead, defaultWrite, rights: new Map(named.map(([register, r]) => [rightKey(TYPE, register), r])) };
}

/** docs/people.md "Permission templates": the rule the server checks and the template editor shows. */
describe('registerRight', () => {
  it('follows the defaults for a register the template does not name', () => {
    const t = (w: TemplateDefaultWrite) => template(true, w);
    expect(registerRight(t('all'), TYPE, LIMIT.register, LIMIT.operating)).toEqual({ read: true, write: true });
    expect(registerRight(t('operating'), TYPE, SETPOINT.register, SETPOINT.operating)).toEqual({ read: true, write: true });
    expect(registerRight(t('operating'), TYPE, LIMIT.register, LIMIT.operating)).toEqual({ read: true, write: false });
    expect(registerRight(t('none'), TYPE, SETPOINT.register, SETPOINT.operating)).toEqual({ read: true, write: false });
  });

  it('follows the named right over the defaults, either way', () => {
    const open = template(true, 'all', [[LIMIT.register, { read: true, write: false }]]);
    expect(registerRight(open, TYPE, LIMIT.register, LIMIT.operating)).toEqual({ read: true, write: false });
    expect(registerRight(open, TYPE, SETPOINT.register, SETPOINT.operating)).toEqual({ read: true, write: true });
    const closed = template(false, 'none', [[LIMIT.register, { read: true, write: true }]]);
    expect(registerRight(closed, TYPE, LIMIT.register, LIMIT.operating)).toEqual({ read: true, write: true });
    expect(registerRight(closed, TYPE, SETPOINT.register, SETPOINT.operating)).toEqual({ read: false, write: false });
    // The same register number of another type is another register.
    expect(registerRight(closed, TYPE + 1, LIMIT.register, LIMIT.operating)).toEqual({ read: false, write: false });
  });

  it('never writes what it cannot read: default reads of none take every default write away', () => {
    for (const w of DEFAULT_WRITES) {
      for (const { register, operating } of [SETPOINT, LIMIT]) {
        expect(registerRight(template(false, w), TYPE, register, operating)).toEqual({ read: false, write: false });
      }
    }
  });

  it('never writes what it cannot read: a named write without read writes nothing', () => {
    const t = template(true, 'all', [[SETPOINT.register, { read: false, write: true }]]);
    expect(registerRight(t, TYPE, SETPOINT.register, SETPOINT.operating)).toEqual({ read: false, write: false });
  });

  it('a device of no known type follows the defaults', () => {
    const t = template(false, 'all', [[SETPOINT.register, { read: true, write: true }]]);
    expect(registerRight(t, null, SETPOINT.register, SETPOINT.operating)).toEqual({ read: false, write: false });
    expect(registerRight(template(true, 'operating'), null, SETPOINT.register, SETPOINT.operating)).toEqual({ read: true, write: true });
  });

  it('registerRead answers the read of registerRight', () => {
    const named: Array<[number, RegisterRight]> = [
      [SETPOINT.register, { read: false, write: true }],
      [LIMIT.register, { read: true, write: false }],
    ];
    for (const defaultRead of [true, false]) {
      for (const w of DEFAULT_WRITES) {
        const t = template(defaultRead, w, named);
        for (const typeId of [TYPE, TYPE + 1, null]) {
          for (const { register, operating } of [SETPOINT, LIMIT, { register: 12, operating: false }]) {
            expect(registerRead(t, typeId, register)).toBe(registerRight(t, typeId, register, operating).read);
          }
        }
      }
    }
  });
});
