import { BOX_FIELDS, message, type BoxField, type Language, type MessageKey } from '@dms/contract';
import { z } from 'zod';
import { liveBox, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { setBoxFields, type BoxFieldValues } from '../box-reg-info/repository.js';
import type { BoxCkService } from '../ck/box-ck.js';
import type { Audit } from '../datalog/service.js';
import { defineScript, fieldsText, type ScriptContext } from './script.js';

const value = z.union([z.string(), z.number(), z.null()]);
const change = z.object({ boxId: z.number().int(), fields: z.partialRecord(z.enum(BOX_FIELDS), value) });
type Change = z.infer<typeof change>;

/** Each field's column. */
const COLUMN = {
  companyName: 'company_name',
  contact: 'contact',
  boxType: 'box_type',
  pushWarning: 'push_warning',
  pushFault: 'push_fault',
  pushNormal: 'push_normal',
  ck: 'ck',
} as const satisfies Record<BoxField, string>;

/** Each field's name in the console's words (the load sheet's column names). */
const NAME = {
  companyName: 'scripts.load.column.companyName',
  contact: 'scripts.load.column.contact',
  boxType: 'scripts.load.column.boxType',
  pushWarning: 'scripts.load.column.pushWarning',
  pushFault: 'scripts.load.column.pushFault',
  pushNormal: 'scripts.load.column.pushNormal',
  ck: 'scripts.load.column.ck',
} as const satisfies Record<BoxField, MessageKey>;
const shown = (fields: Change['fields'], lang?: Language) =>
  fieldsText(Object.entries(fields).map(([k, v]) => [lang ? message(lang, NAME[k as BoxField]) : k, v] as const));

/**
 * batch-modify-box (docs/scripts.md): fields set on the boxes of a range (optionally of one box type), as box
 * registration names them. A box whose fields are already so is left out. A CK code goes through the box-CK service
 * (BoxCkService.set: its history, the devices' types, CK reach, its own operation log); the other fields are written
 * checked (`box.update`) in their transaction, and logged. Undo sets back each box's values from before.
 */
export function batchModifyBox(db: Db, boxCks: BoxCkService, audit: Audit) {
  const set = async ({ auth, ip }: ScriptContext, c: Change, from: Change['fields']) => {
    const { ck, ...rest } = c.fields;
    const values = Object.fromEntries(Object.entries(rest).map(([k, v]) => [COLUMN[k as BoxField], v])) as BoxFieldValues;
    if (Object.keys(values).length > 0) {
      await db.transaction().execute(async (trx) => {
        await requireAccess(trx, { auth, permission: 'box.update', ids: [c.boxId] });
        await setBoxFields(trx, c.boxId, values);
      });
      await audit.record({
        user: auth.user,
        action: 'script.setBox',
        target: String(c.boxId),
        oldValue: shown(from),
        newValue: shown(rest),
        outcome: 'ok',
        ip,
      });
    }
    if (ck !== undefined) await boxCks.set(auth, c.boxId, ck === null ? null : String(ck), ip);
  };
  return defineScript({
    name: 'batch-modify-box',
    payload: change.extend({ from: change.shape.fields }),
    undoData: change.extend({ from: change.shape.fields }),
    async plan({ lang }, input) {
      let q = db
        .selectFrom('boxes as b')
        .select(['b.box_id', 'b.company_name', 'b.contact', 'b.box_type', 'b.push_warning', 'b.push_fault', 'b.push_normal', 'b.ck'])
        .where('b.box_id', '>=', input.startBoxId)
        .where('b.box_id', '<=', input.endBoxId)
        .where(liveBox);
      if (input.onlyType) q = q.where('b.box_type', '=', input.onlyType);
      const boxes = await q.orderBy('b.box_id').execute();
      const wanted = Object.entries(input.fields) as Array<[BoxField, string | number | null]>;
      return boxes.flatMap((b) => {
        const changed = wanted.filter(([k, v]) => b[COLUMN[k]] !== v);
        if (changed.length === 0) return [];
        const fields = Object.fromEntries(changed);
        const from = Object.fromEntries(changed.map(([k]) => [k, b[COLUMN[k]]]));
        return [
          { target: String(b.box_id), before: shown(from, lang), after: shown(fields, lang), payload: { boxId: b.box_id, fields, from } },
        ];
      });
    },
    async apply(ctx, c) {
      await set(ctx, c, c.from);
      return { outcome: 'ok', undo: { boxId: c.boxId, fields: c.from, from: c.fields } };
    },
    async undo(ctx, c) {
      await set(ctx, c, c.from);
      return { outcome: 'ok' };
    },
  });
}
