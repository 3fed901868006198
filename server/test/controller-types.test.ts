import { controllerTypeDef, LANGUAGES, type ControllerTypeDetail, type ControllerTypeSummary } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_TYPES } from '@dms/seed';
import { seedTypes } from '../src/modules/controller-types/builtins.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

describe('built-in controller types (data)', () => {
  it('are three valid types: screw compressor, maglev blower, PLC, each with 40 or more registers', () => {
    expect(BUILTIN_TYPES.map((t) => t.kind).sort()).toEqual(['compressor', 'maglev', 'plc']);
    for (const type of BUILTIN_TYPES) {
      expect(() => controllerTypeDef.parse(type), type.code).not.toThrow();
      expect(type.registers.length, type.code).toBeGreaterThanOrEqual(40);
    }
  });

  for (const type of BUILTIN_TYPES) {
    it(`${type.code}: unique numbers and keys, ranges on writable numbers, fault and alert bits, four languages`, () => {
      expect(new Set(type.registers.map((r) => r.number)).size).toBe(type.registers.length);
      expect(new Set(type.registers.map((r) => r.key)).size).toBe(type.registers.length);
      for (const r of type.registers.filter((x) => x.writable && x.format === 'number')) {
        expect(r.min, `${type.code} ${r.key} min`).toBeTypeOf('number');
        expect(r.max, `${type.code} ${r.key} max`).toBeTypeOf('number');
        expect(r.min).toBeLessThan(r.max ?? Number.NEGATIVE_INFINITY);
      }
      const bits = type.registers.flatMap((r) => r.bits ?? []);
      expect(bits.some((b) => b.severity === 'fault')).toBe(true);
      expect(bits.some((b) => b.severity === 'alert')).toBe(true);
      for (const r of type.registers) {
        for (const lang of LANGUAGES) expect(r.name[lang].trim(), `${type.code} ${r.key} ${lang}`).not.toBe('');
        expect(r.name.zh, `${type.code} ${r.key} zh`).not.toBe(r.name.en);
        expect(r.name.ja, `${type.code} ${r.key} ja`).not.toBe(r.name.en);
      }
    });
  }
});

describe.each(dialects)('controller types API on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000' });
    token = await login(t.app, 'demo_end_user');
  });
  afterAll(async () => t.close());

  it('lists the built-in types with their register counts', async () => {
    const res = await t.app.inject({ url: '/api/v2/controller-types', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const list = body(res).data as ControllerTypeSummary[];
    expect(list.map((x) => [x.code, x.registerCount, x.builtin])).toEqual(BUILTIN_TYPES.map((b) => [b.code, b.registers.length, true]));
  });

  it('returns one type with its whole register map, as defined', async () => {
    const list = body(await t.app.inject({ url: '/api/v2/controller-types', headers: bearer(token) })).data as ControllerTypeSummary[];
    const first = list[0];
    if (!first) throw new Error('no types');
    const res = await t.app.inject({ url: `/api/v2/controller-types/${first.id}`, headers: bearer(token) });
    const detail = body(res).data as ControllerTypeDetail;
    const def = BUILTIN_TYPES.find((b) => b.code === first.code);
    expect(detail.registers).toEqual([...(def?.registers ?? [])].sort((a, b) => a.number - b.number));
    expect(detail.name).toEqual(def?.name);
  });

  it('answers 404 for an unknown type and 400 for a bad id, with exact messages', async () => {
    const missing = await t.app.inject({ url: '/api/v2/controller-types/99999', headers: bearer(token) });
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({ code: 40400, message: 'Not found.' });
    const bad = await t.app.inject({ url: '/api/v2/controller-types/abc', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 40001, message: 'Invalid value for id' });
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/v2/controller-types' })).statusCode).toBe(401);
  });

  it('has the built-ins as ordinary rows seeded once (migration 0017): seeding again adds nothing and changes no map', async () => {
    const first = BUILTIN_TYPES[0];
    if (!first) throw new Error('no types');
    const before = await t.app.db
      .selectFrom('controller_registers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // A release whose built-in map differs does not touch the one installed (it ships a migration instead).
    expect(await seedTypes(t.app.db, [{ ...first, registers: first.registers.slice(1) }, ...BUILTIN_TYPES], t.clock.now)).toEqual([]);
    const after = await t.app.db
      .selectFrom('controller_registers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const versions = await t.app.db
      .selectFrom('controller_type_versions as v')
      .innerJoin('controller_types as t', 't.id', 'v.type_id')
      .select(['t.code', 'v.version', 'v.created_by'])
      .where('t.builtin', '=', 1)
      .orderBy('t.code')
      .execute();
    expect(versions).toEqual(
      BUILTIN_TYPES.map((b) => ({ code: b.code, version: 1, created_by: null })).sort((a, b) => a.code.localeCompare(b.code)),
    );
    // A new type of the seed is added once.
    const extra = { ...first, code: 'seeded-extra' };
    expect(await seedTypes(t.app.db, [extra], t.clock.now)).toEqual(['seeded-extra']);
    expect(await seedTypes(t.app.db, [extra], t.clock.now)).toEqual([]);
  });
});
