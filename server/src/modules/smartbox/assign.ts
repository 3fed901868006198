import { ASSIGN_TARGET_ROLES, Code, type AssignAccount, type BoxAssigned, type BoxAssignPreview, type boxAssignBody } from '@dms/contract';
import type { z } from 'zod';
import { liveBox, requireAccess } from '../../access/index.js';
import { refreshReach } from '../../access/reach.js';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { transferBox } from '../usermanager/claims/repository.js';

type Body = z.output<typeof boxAssignBody>;
/** Rows read per statement. */
const CHUNK = 500;
/** Unregistered numbers a preview names. */
const UNREGISTERED_SHOWN = 100;

const isTarget = (roles: readonly string[]) => roles.some((r) => (ASSIGN_TARGET_ROLES as readonly string[]).includes(r));
const rolesOf = (json: string) => JSON.parse(json) as string[];

/**
 * Assigning boxes to an account (/smartbox/box-assign; limited_admin only, spec 6; issue 23): boxes named by a range of
 * numbers or a list become a manufacturer's, distributor's or manager's, with their devices (earlier shares and
 * assignments of those devices end, as at a claim). The preview shows what would move; the assignment checks each box
 * (`box.assign`), moves it and refreshes reach in one transaction, then tells the bus (ingest's registry, live views).
 */
export class BoxAssignService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  /** The accounts boxes may go to, by a part of their username or name (first 50). */
  async accounts(q: string): Promise<AssignAccount[]> {
    let query = this.db.selectFrom('users').select(['id', 'username', 'name', 'roles']).where('disabled', '=', 0);
    if (q) query = query.where((eb) => eb.or([contains('username', q), contains('name', q)]));
    const rows = await query.orderBy('username').limit(500).execute();
    return rows
      .map((r) => ({ id: r.id, username: r.username, name: r.name, roles: rolesOf(r.roles) }))
      .filter((r) => isTarget(r.roles))
      .slice(0, 50);
  }

  /** What the assignment would do; nothing changes. */
  async preview(auth: AuthContext, body: Body): Promise<BoxAssignPreview> {
    const plan = await this.plan(this.db, auth, body);
    return {
      account: { id: plan.account.id, username: plan.account.username },
      boxes: plan.moving,
      theirs: plan.theirs,
      unregistered: plan.unregistered.slice(0, UNREGISTERED_SHOWN),
      unregisteredCount: plan.unregistered.length,
    };
  }

  /** Moves the boxes and their devices to the account, with reach refreshed in the same transaction; logged. */
  async assign(auth: AuthContext, body: Body, ip: string): Promise<BoxAssigned> {
    const now = this.now();
    const done = await this.db.transaction().execute(async (tx) => {
      const plan = await this.plan(tx, auth, body);
      if (plan.moving.length === 0) throw new AppError(Code.REJECTED, 'error.smartbox.assignNothing');
      const boxIds = plan.moving.map((b) => b.boxId);
      await requireAccess(tx, { auth, permission: 'box.assign', ids: boxIds });
      const devices: number[] = [];
      for (const boxId of boxIds) devices.push(...(await transferBox(tx, boxId, plan.account.id, now)).map((d) => d.id));
      const reached = await refreshReach(tx, devices);
      return { plan, boxIds, devices, reached };
    });
    for (const boxId of done.boxIds) this.bus.publish('boxOwnerChanged', { boxId, ownerId: done.plan.account.id });
    this.bus.publish('reachChanged', { userIds: done.reached });
    const owners = [...new Set(done.plan.moving.map((b) => b.owner))].join(', ');
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.assignBoxes',
      target: body.boxIds ? `${done.boxIds.length} box(es)` : `${body.from ?? ''}…${body.to ?? ''}`,
      oldValue: `owners ${owners}`,
      newValue: `${done.plan.account.username}: ${done.boxIds.length} box(es), ${done.devices.length} device(s)`,
      outcome: 'ok',
      ip,
    });
    return { boxes: done.boxIds.length, devices: done.devices.length, account: done.plan.account.username };
  }

  /** The account (checked), and the boxes named: to move, already the account's, not registered. */
  private async plan(db: Db, auth: AuthContext, body: Body) {
    const account = await db
      .selectFrom('users')
      .select(['id', 'username', 'roles'])
      .where('id', '=', body.userId)
      .where('disabled', '=', 0)
      .executeTakeFirst();
    if (!account || !isTarget(rolesOf(account.roles))) throw new AppError(Code.REJECTED, 'error.smartbox.assignTarget');
    const named = body.boxIds ? [...new Set(body.boxIds)].sort((a, b) => a - b) : null;
    const found: Array<{ box_id: number; company_name: string; owner_id: number; owner: string | null; devices: number | string | null }> =
      [];
    if (named) {
      for (let i = 0; i < named.length; i += CHUNK)
        found.push(
          ...(await this.boxesQuery(db)
            .where('b.box_id', 'in', named.slice(i, i + CHUNK))
            .execute()),
        );
    } else {
      found.push(
        ...(await this.boxesQuery(db)
          .where('b.box_id', '>=', body.from ?? 0)
          .where('b.box_id', '<=', body.to ?? 0)
          .execute()),
      );
    }
    await requireAccess(db, { auth, permission: 'box.assign', ids: found.map((b) => b.box_id) });
    const registered = new Set(found.map((b) => b.box_id));
    const all = named ?? Array.from({ length: (body.to ?? 0) - (body.from ?? 0) + 1 }, (_, i) => (body.from ?? 0) + i);
    return {
      account,
      moving: found
        .filter((b) => b.owner_id !== account.id)
        .map((b) => ({ boxId: b.box_id, company: b.company_name, owner: b.owner ?? '', devices: Number(b.devices ?? 0) })),
      theirs: found.filter((b) => b.owner_id === account.id).map((b) => b.box_id),
      unregistered: all.filter((id) => !registered.has(id)),
    };
  }

  private boxesQuery(db: Db) {
    return db
      .selectFrom('boxes as b')
      .where(liveBox)
      .leftJoin('users as u', 'u.id', 'b.owner_id')
      .select((eb) => [
        'b.box_id',
        'b.company_name',
        'b.owner_id',
        'u.username as owner',
        eb.selectFrom('devices as d').select(eb.fn.countAll<number | string>().as('n')).whereRef('d.box_id', '=', 'b.box_id').as('devices'),
      ])
      .orderBy('b.box_id');
  }
}
