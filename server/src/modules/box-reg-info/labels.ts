import { claimCode, Code, labelPayload, type ClaimLabel } from '@dms/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ClaimSecrets } from '../../security/claim-secrets.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';

type Range = { startBoxId: number; endBoxId: number };

/**
 * Claim labels (docs/people.md "Claiming a box"): the QR label of each registered box of a range, and voiding them.
 * Area `boxRegInfo` (root, limited_admin, who see every box). A box being deleted has no label.
 */
export class ClaimLabelService {
  constructor(
    private readonly db: Db,
    private readonly secrets: ClaimSecrets,
    private readonly audit: Audit,
  ) {}

  async labels(range: Range): Promise<{ labels: ClaimLabel[] }> {
    const boxes = await this.boxesIn(this.db, range);
    return {
      labels: boxes.map((b) => {
        const secret = this.secrets.of(b.box_id, b.claim_generation);
        return { boxId: b.box_id, payload: labelPayload(b.box_id, secret), code: claimCode(secret) };
      }),
    };
  }

  /** New secrets for the range's boxes: the labels printed before no longer claim them. Logged. */
  async void(auth: AuthContext, range: Range, ip: string): Promise<{ boxIds: number[] }> {
    const boxIds = await this.db.transaction().execute(async (tx) => {
      const boxes = await this.boxesIn(tx, range);
      const ids = boxes.map((b) => b.box_id);
      if (ids.length > 0)
        await tx
          .updateTable('boxes')
          .set((eb) => ({ claim_generation: eb('claim_generation', '+', 1) }))
          .where('box_id', 'in', ids)
          .execute();
      return ids;
    });
    await this.audit.record({
      user: auth.user,
      action: 'box.voidLabels',
      target: range.startBoxId === range.endBoxId ? String(range.startBoxId) : `${range.startBoxId}-${range.endBoxId}`,
      newValue: `${boxIds.length} box(es) given new claim labels`,
      outcome: 'ok',
      ip,
    });
    return { boxIds };
  }

  /** The registered boxes of the range, not being deleted, by id; refused when there is none. */
  private async boxesIn(db: Db, range: Range) {
    const boxes = await db
      .selectFrom('boxes')
      .select(['box_id', 'claim_generation'])
      .where('box_id', '>=', range.startBoxId)
      .where('box_id', '<=', range.endBoxId)
      .where('box_id', 'not in', db.selectFrom('box_deletions').select('box_id'))
      .orderBy('box_id')
      .execute();
    if (boxes.length === 0)
      throw new AppError(Code.REJECTED, 'error.noBoxesInRange', { start: String(range.startBoxId), end: String(range.endBoxId) });
    return boxes;
  }
}
