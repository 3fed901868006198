import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Which charts a type's devices show (issue 20, /device-type/chart): `charts`, JSON of chart kinds. Every type that
 * exists keeps what its devices showed: the history curves and the k-line, and for maglev blowers their charts and
 * operating region too. A type made later without a choice has null, the defaults of its kind.
 */
export const typeCharts0014: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('controller_types').addColumn('charts', 'text').execute();
    await sql`UPDATE controller_types SET charts = ${'["history-curves","kline","maglev-charts","maglev-region"]'} WHERE kind = 'maglev'`.execute(
      db,
    );
    await sql`UPDATE controller_types SET charts = ${'["history-curves","kline"]'} WHERE kind <> 'maglev'`.execute(db);
  },
});
