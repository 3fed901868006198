import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contains, containsAny, startsWith } from '../src/db/search.js';
import { buildTestApp, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** The one way the server searches text (server/src/db/search.ts), on each database. */
describe.each(dialects)('text search (%s)', (dialect) => {
  let t: TestApp;
  const NAMES = ['Acme 100% Pumps', 'ACME_Works', 'acme works', 'Back\\slash Co', 'Beta'];
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { seed: false });
    await sql`create table search_probe (id integer primary key, name varchar(64))`.execute(t.app.db);
    for (const [i, name] of NAMES.entries()) await sql`insert into search_probe (id, name) values (${i + 1}, ${name})`.execute(t.app.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const found = async (where: ReturnType<typeof contains>) =>
    (
      await t.app.db
        .selectFrom('search_probe' as never)
        .select(sql<string>`name`.as('name'))
        .where(where)
        .orderBy(sql`id`)
        .execute()
    ).map((r) => r.name);

  it('finds the text anywhere, whatever its case', async () => {
    expect(await found(contains('name', 'ACME'))).toEqual(['Acme 100% Pumps', 'ACME_Works', 'acme works']);
    expect(await found(contains('name', 'works'))).toEqual(['ACME_Works', 'acme works']);
  });

  it('takes the wildcards typed as themselves', async () => {
    expect(await found(contains('name', '%'))).toEqual(['Acme 100% Pumps']);
    expect(await found(contains('name', '_'))).toEqual(['ACME_Works']);
    expect(await found(contains('name', 'e_w'))).toEqual(['ACME_Works']);
    expect(await found(contains('name', '\\'))).toEqual(['Back\\slash Co']);
  });

  it('finds the start only, and in any of several columns', async () => {
    expect(await found(startsWith('name', 'acme w'))).toEqual(['acme works']);
    expect(await found(startsWith('name', '100'))).toEqual([]);
    expect(await found(containsAny([sql`cast(id as varchar(8))`, 'name'], '5'))).toEqual(['Beta']);
  });
});
