import { randomBytes } from 'node:crypto';
import {
  type Calculated,
  type CalculateInput,
  Code,
  dayOf,
  deviceSerial,
  dynamicPassword,
  PASSWORD_MODES,
  type PasswordMode,
  validUntil,
} from '@dms/contract';
import { requireAccess } from '../../access/index.js';
import { isUniqueViolation, type Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Sealer } from '../../security/sealed.js';
import type { AuthContext } from '../../types.js';
import { balance, take, unlimited } from './quotas.js';

type PwdRecord = {
  device_id: number | null;
  serial: string;
  ck: string;
  challenge: number;
  mode: string;
  day: number;
  remaining: number | null;
  created_at: number;
};

/**
 * Dynamic passwords (/qrManage/calculate-dynamic-pwd; issue 24, docs/dynamic-password.md). The password of a device's
 * controller comes from its box's CK factory's master key (made at the first calculation for that CK code, sealed at
 * rest), its serial, the challenge it shows, the mode and the day. One unit of the caller's quota is debited in the
 * transaction that records it; a retry of the same request (its `requestId`) is answered again, not paid for again.
 */
export class DynamicPasswordService {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly now: () => number,
  ) {}

  async calculate(auth: AuthContext, body: CalculateInput): Promise<Calculated> {
    const before = await this.recorded(auth, body);
    if (before) return before;
    try {
      const record = await this.db.transaction().execute(async (tx) => {
        await requireAccess(tx, { auth, permission: 'device.unlock', ids: [body.deviceId] });
        const device = await tx
          .selectFrom('devices as d')
          .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
          .select(['d.box_id', 'd.controller', 'b.ck'])
          .where('d.id', '=', body.deviceId)
          .executeTakeFirstOrThrow();
        if (!device.ck) throw new AppError(Code.REJECTED, 'error.qrManage.noCk', { box: String(device.box_id) });
        const now = this.now();
        let remaining: number | null = null;
        if (!unlimited(auth)) {
          // One statement decides: of calculations at once, only as many as the quota holds find a unit left.
          if (!(await take(tx, auth.user.id, 1, now))) throw new AppError(Code.QUOTA_USED_UP, 'error.qrManage.quotaUsedUp');
          remaining = await balance(tx, auth.user.id);
        }
        const row: PwdRecord = {
          device_id: body.deviceId,
          serial: deviceSerial(device.box_id, device.controller),
          ck: device.ck,
          challenge: body.challenge,
          mode: body.mode,
          day: dayOf(now),
          remaining,
          created_at: now,
        };
        await tx
          .insertInto('pwd_records')
          .values({ ...row, box_id: device.box_id, user_id: auth.user.id, request_id: body.requestId })
          .execute();
        return row;
      });
      return await this.answer(record);
    } catch (err) {
      // The same request twice at once: the second's record met the first's, and its debit was rolled back with it.
      if (isUniqueViolation(err)) {
        const first = await this.recorded(auth, body);
        if (first) return first;
      }
      throw err;
    }
  }

  /**
   * The answer to a request recorded already: the same password, recalculated (it is not kept), while the caller still
   * sees the device. A key used for another calculation (another device, challenge or mode) is refused.
   */
  private async recorded(auth: AuthContext, body: CalculateInput): Promise<Calculated | undefined> {
    const row = await this.db
      .selectFrom('pwd_records')
      .select(['device_id', 'serial', 'ck', 'challenge', 'mode', 'day', 'remaining', 'created_at'])
      .where('user_id', '=', auth.user.id)
      .where('request_id', '=', body.requestId)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.device_id !== body.deviceId || row.challenge !== body.challenge || row.mode !== body.mode) {
      throw new AppError(Code.REJECTED, 'error.qrManage.requestReused');
    }
    await requireAccess(this.db, { auth, permission: 'device.unlock', ids: [body.deviceId] });
    return this.answer(row);
  }

  private async answer(r: PwdRecord): Promise<Calculated> {
    const mode = r.mode as PasswordMode;
    return {
      password: dynamicPassword(await this.masterKey(r.ck), mode, r.serial, r.challenge, r.day),
      mode,
      deviceId: r.device_id ?? 0,
      serial: r.serial,
      challenge: String(r.challenge).padStart(6, '0'),
      unlockDays: PASSWORD_MODES[mode].days,
      validUntil: validUntil(r.day),
      calculatedAt: r.created_at,
      remaining: r.remaining,
    };
  }

  /** The CK factory's master key: made and sealed at its first use (two first uses at once keep the first made). */
  async masterKey(ck: string): Promise<Buffer> {
    const label = `ck-master-key:${ck}`;
    let row = await this.db.selectFrom('ck_master_keys').select('sealed').where('ck', '=', ck).executeTakeFirst();
    if (!row) {
      const sealed = this.sealer.seal(label, randomBytes(32));
      await this.db
        .insertInto('ck_master_keys')
        .values({ ck, sealed, created_at: this.now() })
        .onConflict((oc) => oc.column('ck').doNothing())
        .execute();
      row = await this.db.selectFrom('ck_master_keys').select('sealed').where('ck', '=', ck).executeTakeFirstOrThrow();
    }
    return this.sealer.open(label, row.sealed);
  }
}
