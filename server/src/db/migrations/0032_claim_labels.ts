import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Claim labels (issue 24; docs/people.md "Claiming a box"): each box's label generation. The claim secret its QR label
 * carries is derived from the box id and this number under the server's key; voiding the labels moves it on.
 */
export const claimLabels0032: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('boxes')
      .addColumn('claim_generation', 'integer', (c) => c.notNull().defaultTo(sql`1`))
      .execute();
  },
});
