import { Code } from '@dms/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { liveBox } from '../../access/index.js';
import { AppError } from '../../errors.js';

/** Boxes looked up in one statement. */
const CHUNK = 500;

/** Refuses boxes that are not registered (or deleted: /smartbox/box-delete), naming (the first ten of) them. */
export async function requireKnown(tx: Transaction<Database>, boxIds: readonly number[]): Promise<void> {
  const known = new Set<number>();
  for (let i = 0; i < boxIds.length; i += CHUNK) {
    const some = boxIds.slice(i, i + CHUNK);
    for (const r of await tx.selectFrom('boxes as b').select('b.box_id').where('b.box_id', 'in', some).where(liveBox).execute())
      known.add(r.box_id);
  }
  const unknown = boxIds.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ` (+${unknown.length - 10})` : '');
  throw new AppError(Code.BOX_NOT_REGISTERED, 'error.smartbox.unknownBoxes', { boxes: shown });
}
