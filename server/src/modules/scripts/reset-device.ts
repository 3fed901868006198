import { message, type MessageKey } from '@dms/contract';
import { z } from 'zod';
import { refreshReach, requireAccess, liveBox } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../events/bus.js';
import type { Audit } from '../datalog/service.js';
import { transferBox } from '../usermanager/claims/repository.js';
import { restoreLinks } from '../usermanager/people.js';
import { defineScript, fieldsText, type ScriptContext } from './script.js';

/** How a device is linked to someone, in the console's words. */
const LINK = { assigned: 'scripts.link.assigned', shared: 'scripts.link.shared', helper: 'scripts.link.helper' } as const satisfies Record<
  string,
  MessageKey
>;

const box = z.object({ boxId: z.number().int(), ownerId: z.number().int(), stockId: z.number().int() });
/** What puts a box back: its owner before, and the links the reset ended (by id). */
const undoData = box.extend({ links: z.array(z.number().int()) });
type Box = z.infer<typeof box>;

/**
 * reset-device (docs/scripts.md): the devices of a box range go back to stock. Each box whose owner is not who
 * registered it, or whose devices have links (assigned, shared, a helper's), is one item: shown with its owner and
 * links, then moved back to who registered it with every link ended (claims/repository.ts transferBox, as a claim and
 * box-assign move a box), checked (`box.reset`) and reach refreshed in one transaction; the owner change and the reach
 * go on the bus. Undo gives the box back to its owner and restores the links the reset ended.
 */
export function resetDevice(db: Db, bus: EventBus, audit: Audit, now: () => number) {
  const move = async (
    { auth, ip }: ScriptContext,
    b: Box,
    to: number,
    restore: readonly number[],
    action: 'script.resetBox' | 'script.restoreBox',
  ) => {
    const { ended, reached } = await db.transaction().execute(async (trx) => {
      await requireAccess(trx, { auth, permission: 'box.reset', ids: [b.boxId] });
      const devices = await trx.selectFrom('devices').select('id').where('box_id', '=', b.boxId).execute();
      const ids = devices.map((d) => d.id);
      const open =
        ids.length === 0
          ? []
          : await trx.selectFrom('device_links').select('id').where('device_id', 'in', ids).where('recalled_at', 'is', null).execute();
      await transferBox(trx, b.boxId, to, now());
      await restoreLinks(trx, restore);
      return { ended: open.map((l) => l.id), reached: await refreshReach(trx, ids) };
    });
    bus.publish('boxOwnerChanged', { boxId: b.boxId, ownerId: to });
    bus.publish('reachChanged', { userIds: reached });
    await audit.record({
      user: auth.user,
      action,
      target: String(b.boxId),
      oldValue: `owner ${to === b.ownerId ? b.stockId : b.ownerId}`,
      newValue: `owner ${to}, ${ended.length} link(s) ended, ${restore.length} restored`,
      outcome: 'ok',
      ip,
    });
    return ended;
  };
  return defineScript({
    name: 'reset-device',
    payload: box,
    undoData,
    async plan({ lang }, input) {
      const boxes = await db
        .selectFrom('boxes as b')
        .innerJoin('users as o', 'o.id', 'b.owner_id')
        .innerJoin('users as r', 'r.id', 'b.registered_by')
        .select(['b.box_id', 'b.owner_id', 'b.registered_by', 'o.username as owner', 'r.username as stock'])
        .where('b.box_id', '>=', input.startBoxId)
        .where('b.box_id', '<=', input.endBoxId)
        .where(liveBox)
        .orderBy('b.box_id')
        .execute();
      const links = await db
        .selectFrom('device_links as l')
        .innerJoin('devices as d', 'd.id', 'l.device_id')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['d.box_id', 'd.controller', 'l.kind', 'u.username'])
        .where('d.box_id', '>=', input.startBoxId)
        .where('d.box_id', '<=', input.endBoxId)
        .where('l.recalled_at', 'is', null)
        .orderBy('d.controller')
        .execute();
      return boxes.flatMap((b) => {
        const own = links.filter((l) => l.box_id === b.box_id).map((l) => `${l.controller}: ${message(lang, LINK[l.kind])} ${l.username}`);
        if (b.owner_id === b.registered_by && own.length === 0) return [];
        return [
          {
            target: String(b.box_id),
            before: [fieldsText([[message(lang, 'scripts.load.column.owner'), b.owner]]), ...own].join('; '),
            after: fieldsText([[message(lang, 'scripts.load.column.owner'), b.stock]]),
            payload: { boxId: b.box_id, ownerId: b.owner_id, stockId: b.registered_by },
          },
        ];
      });
    },
    async apply(ctx, b) {
      const ended = await move(ctx, b, b.stockId, [], 'script.resetBox');
      return { outcome: 'ok', undo: { ...b, links: ended } };
    },
    async undo(ctx, u) {
      await move(ctx, u, u.ownerId, u.links, 'script.restoreBox');
      return { outcome: 'ok' };
    },
  });
}
