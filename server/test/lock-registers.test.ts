import { BUILTIN_TYPES, LOCK_BASE, LOCK_KEYS } from '@dms/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockRegisters0031 } from '../src/db/migrations/0031_lock_registers.js';
import { buildTestApp, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();
const lockKeys: readonly string[] = LOCK_KEYS;

describe('the built-in maps: lock block', () => {
  it('each built-in type ends with the five lock registers, after its own and overlapping none', () => {
    for (const type of BUILTIN_TYPES) {
      const lock = type.registers.filter((r) => lockKeys.includes(r.key));
      expect(
        lock.map((r) => r.key),
        type.code,
      ).toEqual([...LOCK_KEYS]);
      const base = LOCK_BASE[type.code as keyof typeof LOCK_BASE];
      expect(lock.map((r) => r.number - base)).toEqual([0, 1, 3, 5, 6]);
      const own = type.registers.filter((r) => !lockKeys.includes(r.key));
      expect(Math.max(...own.map((r) => r.number + (r.words ?? 1) - 1))).toBeLessThan(base);
      // The password is the operator's to type; locking is not.
      expect(lock.filter((r) => r.operating).map((r) => r.key)).toEqual(['unlock_password']);
    }
  });
});

describe.each(dialects)('migration 0031 (lock registers) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const typeOf = (code: string) => t.app.db.selectFrom('controller_types').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const keysOf = async (code: string) =>
    (
      await t.app.db
        .selectFrom('controller_registers')
        .select('key')
        .where('type_id', '=', (await typeOf(code)).id)
        .execute()
    ).map((r) => r.key);

  it('adds the block as the next version where an install lacks it, leaves a map root filled there, and runs twice as once', async () => {
    const [compressor, blower] = ['screw-compressor', 'maglev-blower'];
    // An install from before this release: two built-in maps without the block; root put a register where the blower's goes.
    for (const code of [compressor, blower]) {
      const type = await typeOf(code);
      await t.app.db
        .deleteFrom('controller_registers')
        .where('type_id', '=', type.id)
        .where('key', 'in', [...LOCK_KEYS])
        .execute();
    }
    const blowerType = await typeOf(blower);
    await t.app.db
      .insertInto('controller_registers')
      .values({
        type_id: blowerType.id,
        number: LOCK_BASE['maglev-blower'] + 3,
        key: 'roots_own',
        name: JSON.stringify({ en: 'Own', zh: '自有', es: 'Propio', ja: '独自' }),
        format: 'number',
        unit: '',
        decimals: 0,
        writable: 0,
      })
      .execute();
    const before = await typeOf(compressor);
    const migration = lockRegisters0031(dialect);
    await migration.up(t.app.db);
    await migration.up(t.app.db);

    expect((await keysOf(compressor)).filter((k) => lockKeys.includes(k)).sort()).toEqual([...LOCK_KEYS].sort());
    const after = await typeOf(compressor);
    expect(after.version).toBe(before.version + 1);
    const version = await t.app.db
      .selectFrom('controller_type_versions')
      .select(['created_by', 'registers'])
      .where('type_id', '=', after.id)
      .where('version', '=', after.version)
      .executeTakeFirstOrThrow();
    expect(version.created_by).toBeNull();
    expect((JSON.parse(version.registers) as Array<{ key: string }>).map((r) => r.key)).toEqual(expect.arrayContaining([...LOCK_KEYS]));
    // The blower's place was taken: its map is root's, unchanged.
    expect((await keysOf(blower)).filter((k) => lockKeys.includes(k))).toEqual([]);
    expect((await typeOf(blower)).version).toBe(blowerType.version);
    // The PLC had the block (a new install's migration 0017): nothing added, no new version.
    expect((await typeOf('generic-plc')).version).toBe(1);
  });
});
