import { Code, type ClaimResult } from '@dms/contract';
import { CK_FACTORY_ROLE, refreshReach } from '../../../access/reach.js';
import type { Db } from '../../../db/database.js';
import type { EventBus } from '../../../events/bus.js';
import type { ClaimSecrets } from '../../../security/claim-secrets.js';
import { AppError } from '../../../errors.js';
import type { AuthContext } from '../../../types.js';
import type { Audit } from '../../datalog/service.js';
import { parseRoles } from '../../user/service.js';
import { assignDevices } from '../managers/repository.js';
import { ancestorsOf, requirePerson } from '../people.js';
import * as repo from './repository.js';

/** The window and limits of wrong CK codes (docs/people.md "Claiming a box"). */
export const CLAIM_WINDOW_MS = 60 * 60_000;
export const CLAIM_LIMITS = { userOnBox: 5, user: 20, box: 10 } as const;
/** Roles whose boxes are stock anyone below may claim. */
const STOCK_ROLES = ['root', 'limited_admin'];

/**
 * add-device (`register_device_to_user`): a user claims a registered box by its four-digit CK code, or by its claim
 * label (scanned, or its code typed; box-reg-info/labels.ts); its devices become
 * theirs, or (with `userId`) are assigned on to one of their sub-managers in the same transaction. A 4-digit code is not guessable by trying: wrong codes are bounded per (user, box), per user and per box.
 */
export class ClaimService {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    private readonly bus: EventBus,
    private readonly secrets: ClaimSecrets,
    private readonly now: () => number,
  ) {}

  async claim(
    auth: AuthContext,
    body: { boxId: number; ck?: string | undefined; claim?: string | undefined; userId?: number | null | undefined },
    ip: string,
  ): Promise<ClaimResult> {
    const now = this.now();
    // For a sub-manager: the caller's (else 403 before anything), checked again in the transaction that assigns.
    const forUserId = body.userId ?? null;
    if (forUserId !== null) await requirePerson(this.db, auth, 'user.manager', forUserId);
    const failed = await repo.failedClaims(this.db, auth.user.id, body.boxId, now - CLAIM_WINDOW_MS);
    for (const [key, limit] of Object.entries(CLAIM_LIMITS) as Array<[keyof typeof CLAIM_LIMITS, number]>) {
      const times = failed[key];
      if (times.length >= limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((Math.min(...times) + CLAIM_WINDOW_MS - now) / 1000));
        throw new AppError(
          Code.TOO_MANY_ATTEMPTS,
          'error.tooManyClaims',
          { minutes: Math.ceil(retryAfterSeconds / 60) },
          { retryAfterSeconds },
        );
      }
    }
    const box = await repo.findBox(this.db, body.boxId);
    if (!box) throw new AppError(Code.BOX_NOT_REGISTERED, 'error.boxNotRegistered');
    // The proof of holding the box: its label's claim secret, or else the CK code on it. A wrong one counts alike.
    const proven =
      body.claim !== undefined
        ? this.secrets.matches(box.box_id, box.claim_generation, body.claim)
        : body.ck !== undefined && box.ck === body.ck;
    if (!proven) {
      await repo.recordClaim(this.db, auth.user.id, body.boxId, false, now);
      await this.audit.record({ user: auth.user, action: 'box.claim', target: String(body.boxId), outcome: 'failed', ip });
      if (body.claim !== undefined) throw new AppError(Code.WRONG_CK_CODE, 'error.wrongClaim', { boxId: String(body.boxId) });
      throw new AppError(Code.WRONG_CK_CODE, 'error.wrongCk');
    }
    if (!(await this.claimable(auth, box))) {
      const company = box.owner_company || box.company_name;
      throw new AppError(Code.BOX_HELD_ELSEWHERE, 'error.boxHeldElsewhere', { company }, { company });
    }
    const { devices, reached, forUser } = await this.db.transaction().execute(async (trx) => {
      const manager = forUserId === null ? null : await requirePerson(trx, auth, 'user.manager', forUserId);
      await repo.recordClaim(trx, auth.user.id, body.boxId, true, now);
      const moved = await repo.transferBox(trx, body.boxId, auth.user.id, now);
      if (manager)
        await assignDevices(
          trx,
          auth.user.id,
          manager.id,
          moved.map((d) => d.id),
          now,
        );
      return {
        forUser: manager,
        devices: moved,
        reached: await refreshReach(
          trx,
          moved.map((d) => d.id),
        ),
      };
    });
    this.bus.publish('boxOwnerChanged', { boxId: body.boxId, ownerId: auth.user.id });
    this.bus.publish('reachChanged', { userIds: reached });
    await this.audit.record({
      user: auth.user,
      action: 'box.claim',
      target: String(body.boxId),
      oldValue: `owner ${box.owner_id}`,
      newValue: `owner ${forUser ? `${auth.user.username} → ${forUser.username}` : auth.user.username}, ${devices.length} device(s)`,
      outcome: 'ok',
      ip,
    });
    return {
      boxId: body.boxId,
      owner: forUser?.username ?? auth.user.username,
      devices: devices.map((d) => ({ id: d.id, controller: d.controller, typeCode: d.type_code })),
    };
  }

  /**
   * Whether the box may change hands to the caller: it is theirs already, or held as stock by a user above them, by
   * its CK group's factory, or by root or limited_admin. Anyone else's box is refused.
   */
  private async claimable(auth: AuthContext, box: NonNullable<Awaited<ReturnType<typeof repo.findBox>>>): Promise<boolean> {
    if (box.owner_id === auth.user.id) return true;
    const ownerRoles = parseRoles({ roles: box.owner_roles });
    if (ownerRoles.some((r) => STOCK_ROLES.includes(r))) return true;
    if (box.ck !== null && box.owner_ck === box.ck && ownerRoles.includes(CK_FACTORY_ROLE)) return true;
    return (await ancestorsOf(this.db, auth.user.id)).has(box.owner_id);
  }
}
