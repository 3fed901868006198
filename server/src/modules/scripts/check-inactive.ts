import { message } from '@dms/contract';
import { z } from 'zod';
import { liveBox } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { defineScript } from './script.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * check-inactive (docs/scripts.md): the registered boxes silent for N days or more (last heard before then, or never
 * since they were registered before then), oldest first, with their owners. It changes nothing: its run is its
 * report, kept in the list; the console hands the boxes off to an announcement to their owners or to box-delete.
 */
export function checkInactive(db: Db, now: () => number) {
  return defineScript({
    name: 'check-inactive',
    payload: z.object({ boxId: z.number().int(), ownerId: z.number().int(), owner: z.string() }),
    subject: ({ boxId, ownerId, owner }) => ({ boxId, userId: ownerId, username: owner }),
    noUndo: 'scripts.noUndo.readOnly',
    async plan({ lang }, input) {
      const cutoff = now() - input.days * DAY_MS;
      const rows = await db
        .selectFrom('boxes as b')
        .innerJoin('users as u', 'u.id', 'b.owner_id')
        .select(['b.box_id', 'b.owner_id', 'b.last_seen', 'b.registered_at', 'b.company_name', 'u.username'])
        .where((eb) => eb.or([eb('b.last_seen', '<', cutoff), eb.and([eb('b.last_seen', 'is', null), eb('b.registered_at', '<', cutoff)])]))
        .where(liveBox)
        .orderBy('b.last_seen')
        .orderBy('b.box_id')
        .execute();
      return rows.map((r) => ({
        target: String(r.box_id),
        before: r.last_seen === null ? message(lang, 'scripts.never') : new Date(r.last_seen).toISOString().slice(0, 16).replace('T', ' '),
        after: r.company_name ? `${r.username} (${r.company_name})` : r.username,
        payload: { boxId: r.box_id, ownerId: r.owner_id, owner: r.username },
      }));
    },
  });
}
