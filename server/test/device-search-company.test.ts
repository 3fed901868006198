import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrations.js';
import { PG_URL, testDialects } from './helper.js';

const dialects = await testDialects();

/**
 * Migration 0039 on PostgreSQL: the searched text of a device without a company of its own holds its box
 * registration's, filled in for what was there before and kept by triggers after (as SQLite's index is, 0034).
 */
describe.runIf(dialects.includes('postgres'))('the searched company after an upgrade on postgres', () => {
  it("fills in the registration's company of devices without one, follows it as it changes, and drops the registrations' own index", async () => {
    // The schema is dropped with the others once every test file is done (global-setup.ts).
    const schema = `t_db_${process.pid}_sc${Date.now().toString(36)}`;
    const { db, close } = await openDatabase({ kind: 'postgres', url: PG_URL, schema });
    try {
      await migrate(db, 'postgres', schema, '0038_device_search_text');
      await sql`insert into users (id, username, name, password_hash, level, roles, created_at, password_changed_at)
        values (900, 'owner', 'Owner', 'x', 1, '[]', 0, 0)`.execute(db);
      await sql`insert into boxes (box_id, owner_id, registered_by, secret_hash, box_type, registered_at, company_name)
        values (700001, 900, 900, 'x', 'B', 0, 'Hengli Pumps'), (700002, 900, 900, 'x', 'B', 0, 'Other Co')`.execute(db);
      await sql`insert into devices (box_id, controller, owner_id, created_at, company)
        values (700001, 1, 900, 0, ''), (700001, 2, 900, 0, 'Own Works'), (700002, 1, 900, 0, '')`.execute(db);
      const company = async () =>
        (
          await sql<{
            key: string;
            company: string;
          }>`select box_id || '/' || controller as key, split_part(search_text, E'\\x1f\\x1f', 1) as company
            from devices order by box_id, controller`.execute(db)
        ).rows.map((r) => `${r.key} ${r.company}`);
      // Before: a device's own columns only.
      expect(await company()).toEqual(['700001/1 ', '700001/2 own works', '700002/1 ']);

      expect(await migrate(db, 'postgres', schema, '0039_device_search_company')).toEqual(['0039_device_search_company']);
      expect(await company()).toEqual(['700001/1 hengli pumps', '700001/2 own works', '700002/1 other co']);
      // The registration's company changes: its devices without one follow; a device's own company is its own.
      await sql`update boxes set company_name = 'Renamed 恒力' where box_id = 700001`.execute(db);
      await sql`update devices set company = 'Now Its Own' where box_id = 700002`.execute(db);
      await sql`insert into devices (box_id, controller, owner_id, created_at) values (700001, 3, 900, 0)`.execute(db);
      expect(await company()).toEqual(['700001/1 renamed 恒力', '700001/2 own works', '700001/3 renamed 恒力', '700002/1 now its own']);
      await sql`update devices set company = '' where box_id = 700002`.execute(db);
      expect((await company()).at(-1)).toBe('700002/1 other co');

      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
        where schemaname = ${schema} and indexname in ('boxes_search_company', 'devices_search_text')`.execute(db);
      expect(indexes.rows.map((r) => r.indexname)).toEqual(['devices_search_text']);
    } finally {
      await close();
    }
  });
});
