import { Code, type clearFaultRecordsBody, type FaultRecordsCleared } from '@dms/contract';
import type { ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import { requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { BoxCommandService } from '../smartbox/commands.js';

/** An instant as the confirmation names it: UTC, to the minute (`2026-11-28 08:30`). */
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Clearing a box's fault records (/smartbox/box-clear-fault-record; root or limited_admin; issue 23): the records of
 * its devices that ended, all or started in [from, to). Records still open are kept (ingest closes them when their
 * bit clears). Unconfirmed, nothing changes and the answer is 20004 with the counts; confirmed, the box's check and the
 * delete are one transaction (with the box's `clear-faults` command, when asked to tell it too), and the operation log
 * has the counts.
 */
export async function clearFaultRecords(
  db: Db,
  audit: Audit,
  commands: BoxCommandService,
  auth: AuthContext,
  boxId: number,
  body: z.output<typeof clearFaultRecordsBody>,
  ip: string,
): Promise<FaultRecordsCleared> {
  const { from, to } = body;
  const done = await db.transaction().execute(async (tx) => {
    const box = await tx.selectFrom('boxes').select('box_id').where('box_id', '=', boxId).executeTakeFirst();
    if (!box) throw new AppError(Code.NOT_FOUND, 'error.boxCkUnknownBox', { boxId });
    await requireAccess(tx, { auth, permission: 'box.clearFaults', ids: [boxId] });
    // The box's records started in the range: counted, then the ended ones deleted.
    const inRange = (eb: ExpressionBuilder<Database, 'fault_records'>) =>
      eb.and([
        eb('device_id', 'in', eb.selectFrom('devices').select('id').where('box_id', '=', boxId)),
        ...(from === null ? [] : [eb('started_at', '>=', from)]),
        ...(to === null ? [] : [eb('started_at', '<', to)]),
      ]);
    const counts = await tx
      .selectFrom('fault_records')
      .where(inRange)
      .select((eb) => [eb.fn.countAll<number | string>().as('all'), eb.fn.count<number | string>('ended_at').as('ended')])
      .executeTakeFirstOrThrow();
    const ended = Number(counts.ended);
    const kept = Number(counts.all) - ended;
    if (!body.confirm) {
      const params = { boxId, count: ended, kept };
      throw from !== null || to !== null
        ? new AppError(Code.WARNING_CONFIRM, 'boxes.clearConfirmRange', {
            ...params,
            from: from === null ? '…' : utc(from),
            to: to === null ? '…' : utc(to),
          })
        : new AppError(Code.WARNING_CONFIRM, 'boxes.clearConfirm', params);
    }
    const result = await tx.deleteFrom('fault_records').where(inRange).where('ended_at', 'is not', null).executeTakeFirst();
    const told = body.alsoBox ? await commands.store(tx, auth.user.username, [boxId], { cmd: 'clear-faults', args: {} }) : null;
    return { deleted: Number(result.numDeletedRows), kept, told };
  });
  const sent = done.told ? await commands.release(done.told) : null;
  await audit.record({
    user: auth.user,
    action: 'boxes.clearFaultRecords',
    target: String(boxId),
    newValue: `${from === null ? '' : utc(from)}…${to === null ? '' : utc(to)}: ${done.deleted} deleted, ${done.kept} open kept${sent ? '; the box told to clear its faults' : ''}`,
    outcome: 'ok',
    ip,
  });
  return { deleted: done.deleted, kept: done.kept, told: sent === null ? null : sent.sent > 0 ? 'sent' : 'queued' };
}
