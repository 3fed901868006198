import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * What code knew of a register by its key becomes the map's own (issue 20): `operating` (0/1), a writable register
 * the Operator template may write, and `role` ('switch': the start/stop or on/off command the switch right alone may
 * write; null: none). The registers that had them by key before (the built-in maps' and their copies') keep them.
 */
export const registerRoles0013: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('controller_registers')
      .addColumn('operating', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('controller_registers').addColumn('role', 'varchar(16)').execute();
    // The keys the code named until now (packages/contract's OPERATING_REGISTER_KEYS and SWITCH_REGISTER_KEYS).
    const operating = [
      'start_stop_command',
      'command',
      'control_mode',
      'local_remote',
      'mode',
      'load_pressure',
      'unload_pressure',
      'target_pressure',
      'speed_setpoint',
      'pressure_setpoint',
      'flow_setpoint',
      'do_setpoint',
      'power_setpoint',
      'pid1_setpoint',
      'pid2_setpoint',
      'pid3_setpoint',
      'ao1',
      'ao2',
      'ao3',
      'ao4',
    ];
    await sql`UPDATE controller_registers SET operating = 1 WHERE writable = 1 AND key IN (${sql.join(operating)})`.execute(db);
    await sql`UPDATE controller_registers SET role = 'switch' WHERE key IN ('start_stop_command', 'command')`.execute(db);
  },
});
