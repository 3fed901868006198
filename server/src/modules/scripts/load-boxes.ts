import { boxRegistrationBody, message, type Language, type MessageKey, type UploadProblem } from '@dms/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { headerNames, rowsByHeader } from '../exports/read-sheet.js';
import { sheetProblems, usersNamed } from './load-sheet.js';
import { fieldsText, type Planned } from './script.js';

/** Rows read per statement. */
const CHUNK = 500;

/** A boxes sheet: one box a row, registered to its owner (a username) as box registration registers it. */
const COLUMNS = ['boxId', 'owner', 'boxType', 'companyName', 'contact', 'ck'] as const;
type Column = (typeof COLUMNS)[number];
/** The columns the first row must name; company, contact and CK code may be left out (registration's defaults). */
const REQUIRED: readonly Column[] = ['boxId', 'owner', 'boxType'];
const NAMES: Record<Column, MessageKey> = {
  boxId: 'scripts.load.column.boxId',
  owner: 'scripts.load.column.owner',
  boxType: 'scripts.load.column.boxType',
  companyName: 'scripts.load.column.companyName',
  contact: 'scripts.load.column.contact',
  ck: 'scripts.load.column.ck',
};
/** A header names a column by its key, an alias, or its name in any console language. */
const HEADERS = headerNames(NAMES, [
  ...COLUMNS.map((c) => [c, c] as const),
  ['box', 'boxId'],
  ['username', 'owner'],
  ['type', 'boxType'],
  ['company', 'companyName'],
  ['ckCode', 'ck'],
]);

/** One box to register, as the dry run found it. */
export const boxToLoad = z.object({
  boxId: z.number().int(),
  userId: z.number().int(),
  owner: z.string(),
  boxType: z.string(),
  companyName: z.string(),
  contact: z.string(),
  ck: z.string().nullable(),
});
export type BoxToLoad = z.infer<typeof boxToLoad>;

const reg = boxRegistrationBody.shape;
/** Each cell's check, as box registration checks the field (the owner is looked up instead). */
const CHECKS = {
  boxId: reg.startBoxId,
  boxType: reg.boxType,
  companyName: reg.companyName,
  contact: reg.contact,
  ck: reg.ck,
} as const;

const shown = (b: BoxToLoad, lang: Language) =>
  fieldsText((['owner', 'boxType', 'companyName', 'contact', 'ck'] as const).map((c) => [message(lang, NAMES[c]), b[c]] as const));

/**
 * The boxes of a sheet, each row checked as registration checks it and against the database: its owner is a user
 * (enabled), its box is not registered yet (nor deleted and kept) and not named by another row. Answers the boxes,
 * or every problem by row and column. Reads only.
 */
export async function planBoxes(
  db: Db,
  sheet: readonly string[][],
  lang: Language,
): Promise<{ problems: UploadProblem[]; planned: Array<Planned<BoxToLoad>>; rows: number }> {
  const { missing, rows } = rowsByHeader(sheet, HEADERS, COLUMNS);
  const { problems, problem, headed } = sheetProblems(lang, NAMES);
  if (!headed(missing, REQUIRED)) return { problems, planned: [], rows: rows.length };

  const owners = await usersNamed(
    db,
    rows.map((r) => r.cells.owner),
  );
  const ids = rows.flatMap((r) => {
    const id = reg.startBoxId.safeParse(r.cells.boxId);
    return id.success ? [id.data] : [];
  });
  const taken = await registered(db, ids);
  const firstRow = new Map<number, number>();
  const planned: Array<Planned<BoxToLoad>> = [];
  for (const r of rows) {
    const values: Partial<Record<Exclude<Column, 'owner'>, unknown>> = {};
    for (const [c, check] of Object.entries(CHECKS) as Array<[keyof typeof CHECKS, z.ZodType]>) {
      const parsed = check.safeParse(r.cells[c]);
      if (parsed.success) values[c] = parsed.data;
      else
        problem(r.row, c, 'error.scripts.load.value', {
          problem: message(lang, (parsed.error.issues[0]?.message ?? 'validation.invalid') as MessageKey, {
            field: message(lang, NAMES[c]),
          }),
        });
    }
    const boxId = values.boxId as number | undefined;
    if (boxId !== undefined) {
      const other = firstRow.get(boxId);
      if (other !== undefined) problem(r.row, 'boxId', 'error.scripts.load.twice', { boxId, other });
      else if (taken.has(boxId)) problem(r.row, 'boxId', 'error.scripts.load.registered', { boxId });
      if (other === undefined) firstRow.set(boxId, r.row);
    }
    // Box registration registers to an enabled user only.
    const found = owners.get(r.cells.owner);
    const owner = found?.disabled === 0 ? found : undefined;
    if (r.cells.owner === '')
      problem(r.row, 'owner', 'error.scripts.load.value', {
        problem: message(lang, 'validation.field.required', { field: message(lang, NAMES.owner) }),
      });
    else if (!owner) problem(r.row, 'owner', 'error.scripts.load.unknownOwner', { username: r.cells.owner });
    if (problems.length > 0 || boxId === undefined || !owner) continue;
    const box: BoxToLoad = {
      boxId,
      userId: owner.id,
      owner: owner.username,
      boxType: values.boxType as string,
      companyName: values.companyName as string,
      contact: values.contact as string,
      ck: (values.ck as string | undefined) ?? null,
    };
    planned.push({ target: String(boxId), before: null, after: shown(box, lang), payload: box });
  }
  return { problems, planned, rows: rows.length };
}

/** The box ids among these that are registered already (a deleted box is kept, and its id stays taken). */
async function registered(db: Db, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  const out = new Set<number>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .selectFrom('boxes')
      .select('box_id')
      .where('box_id', 'in', wanted.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.add(r.box_id);
  }
  return out;
}
