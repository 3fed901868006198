import { sql, type Kysely } from 'kysely';
import { SEARCH_FIELDS, searchDoc } from './0034_device_search.js';
import type { DialectMigration } from './helpers.js';

/**
 * PostgreSQL: a device's searched text (`search_text`, 0038) holds the company the list shows, its own else its box
 * registration's, as SQLite's index does (0034). The column is kept by triggers instead of as a generated column
 * (which cannot read another table): one on devices as their text changes, one on boxes as a registration's company
 * does. A search is then one condition on one column, `search_text LIKE …`, which the planner answers from the
 * trigram index when the text is rare and by walking the list in its order when it is common
 * (server/src/modules/devices/search.ts); before, the registration's company was a second query joined to it, which
 * kept the planner from either. SQLite is unchanged.
 */
export const deviceSearchCompany0039: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') return;
    await sql`ALTER TABLE devices ALTER COLUMN search_text DROP EXPRESSION`.execute(db);
    // The functions keep the schema they were made in: whoever changes a device reads its own schema's boxes.
    await sql`CREATE FUNCTION devices_search_text() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        NEW.search_text := lower(${searchDoc('postgres', 'NEW', true)});
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER devices_search_text BEFORE INSERT OR UPDATE OF ${sql.raw(SEARCH_FIELDS.join(', '))} ON devices
      FOR EACH ROW EXECUTE FUNCTION devices_search_text()`.execute(db);
    // A registration's company is the text of its devices that have none of their own: naming their company in an
    // update runs the trigger above.
    await sql`CREATE FUNCTION boxes_search_company() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE devices SET company = company WHERE box_id = NEW.box_id AND coalesce(company, '') = '';
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER boxes_search_company AFTER INSERT OR UPDATE OF company_name ON boxes
      FOR EACH ROW EXECUTE FUNCTION boxes_search_company()`.execute(db);
    await sql`UPDATE devices SET company = company WHERE coalesce(company, '') = ''`.execute(db);
    // The registrations' own index served only the second query.
    await sql`DROP INDEX IF EXISTS boxes_search_company`.execute(db);
  },
});
