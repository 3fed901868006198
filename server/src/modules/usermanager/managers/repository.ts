import type { Db } from '../../../db/database.js';
import { insertLinks } from '../below/repository.js';
import { endLinks } from '../people.js';

/** The devices among `ids` and their owners (in chunks under the bound-parameter limits). */
export async function ownersOf(db: Db, ids: readonly number[]) {
  const out: { id: number; owner_id: number; box_id: number; controller: number }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('devices')
        .select(['id', 'owner_id', 'box_id', 'controller'])
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

/** The kinds of link a sharer makes (to a helper, to anyone else): they end when the sharer loses the device. */
const SHARE_KINDS = ['helper', 'shared'] as const;

/**
 * The live shares `sourceId` made of some devices, with the person each is to (what assigning them would end),
 * in chunks under the bound-parameter limits.
 */
export async function sharesBy(db: Db, sourceId: number, deviceIds: readonly number[]) {
  const out: { device_id: number; user_id: number; username: string; name: string }[] = [];
  for (let i = 0; i < deviceIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('device_links as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.device_id', 'l.user_id', 'u.username', 'u.name'])
        .where('l.device_id', 'in', deviceIds.slice(i, i + 500))
        .where('l.source_user_id', '=', sourceId)
        .where('l.kind', 'in', SHARE_KINDS)
        .where('l.recalled_at', 'is', null)
        .execute()),
    );
  }
  return out;
}

/**
 * Assigns devices `sourceId` owns to `userId`: `userId` becomes the owner, a live assigned link records who assigned
 * it, and the shares `sourceId` made of them end (sharing ends when the sharer loses the device; `sharesBy` lists them
 * beforehand).
 */
export async function assignDevices(db: Db, sourceId: number, userId: number, deviceIds: readonly number[], now: number) {
  for (let i = 0; i < deviceIds.length; i += 500) {
    const part = deviceIds.slice(i, i + 500);
    await db
      .updateTable('device_links')
      .set({ recalled_at: now })
      .where('device_id', 'in', part)
      .where('source_user_id', '=', sourceId)
      .where('kind', 'in', SHARE_KINDS)
      .where('recalled_at', 'is', null)
      .execute();
    await db.updateTable('devices').set({ owner_id: userId }).where('id', 'in', part).execute();
  }
  await insertLinks(db, 'assigned', sourceId, userId, deviceIds, false, now);
}

/** The live links of some devices. */
export async function liveLinksOf(db: Db, deviceIds: readonly number[]) {
  const out: { id: number; device_id: number; kind: string; user_id: number; source_user_id: number; show_value: number }[] = [];
  for (let i = 0; i < deviceIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('device_links')
        .select(['id', 'device_id', 'kind', 'user_id', 'source_user_id', 'show_value'])
        .where('device_id', 'in', deviceIds.slice(i, i + 500))
        .where('recalled_at', 'is', null)
        .execute()),
    );
  }
  return out;
}

/**
 * The links a recall by `recallerId` ends on one device: every live link except the assignments that brought the
 * device to the recaller (the chain above them). Answers null when the recaller is not in the device's assignment
 * chain above its owner.
 */
export function recallPlan(
  ownerId: number,
  links: readonly { id: number; kind: string; user_id: number; source_user_id: number }[],
  recallerId: number,
): { ends: number[] } | null {
  const assignedTo = new Map(links.filter((l) => l.kind === 'assigned').map((l) => [l.user_id, l]));
  let inChain = false;
  const seen = new Set<number>([ownerId]);
  for (let link = assignedTo.get(ownerId); link && !seen.has(link.source_user_id); link = assignedTo.get(link.source_user_id)) {
    seen.add(link.source_user_id);
    if (link.source_user_id === recallerId) {
      inChain = true;
      break;
    }
  }
  if (!inChain) return null;
  const kept = new Set<number>();
  const seenAbove = new Set<number>([recallerId]);
  for (let link = assignedTo.get(recallerId); link && !seenAbove.has(link.source_user_id); link = assignedTo.get(link.source_user_id)) {
    kept.add(link.id);
    seenAbove.add(link.source_user_id);
  }
  return { ends: links.filter((l) => !kept.has(l.id)).map((l) => l.id) };
}

/** Ends the planned links and makes the recaller the owner of the devices. */
export async function applyRecall(db: Db, recallerId: number, deviceIds: readonly number[], linkIds: readonly number[], now: number) {
  await endLinks(db, linkIds, now);
  for (let i = 0; i < deviceIds.length; i += 500) {
    await db
      .updateTable('devices')
      .set({ owner_id: recallerId })
      .where('id', 'in', deviceIds.slice(i, i + 500))
      .execute();
  }
}
