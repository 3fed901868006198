import {
  DEVICE_FIELD_NAMES,
  DEVICE_PROPERTIES,
  deviceInfoBody,
  LANGUAGES,
  message,
  type DeviceProperty,
  type Language,
  type MessageKey,
  type UploadProblem,
} from '@dms/contract';
import { liveDevice } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { INFO_COLUMNS } from '../devices/repository.js';
import { foldHeader } from '../exports/read-sheet.js';

/** Rows read per statement. */
const CHUNK = 500;
/** A sheet of devices' properties: the device (box, controller) and every property. */
export const PROPERTY_COLUMNS = ['box', 'controller', ...DEVICE_PROPERTIES] as const;
export type PropertyColumn = (typeof PROPERTY_COLUMNS)[number];
/** The names a header may give each column: its key, or its name in any console language (as the device export writes it). */
export const PROPERTY_HEADERS = new Map<string, PropertyColumn>();
for (const c of PROPERTY_COLUMNS) PROPERTY_HEADERS.set(foldHeader(c), c);
for (const l of LANGUAGES) {
  PROPERTY_HEADERS.set(foldHeader(DEVICE_FIELD_NAMES[l].boxId), 'box');
  PROPERTY_HEADERS.set(foldHeader(DEVICE_FIELD_NAMES[l].controller), 'controller');
  for (const p of DEVICE_PROPERTIES) PROPERTY_HEADERS.set(foldHeader(DEVICE_FIELD_NAMES[l][p]), p);
}
PROPERTY_HEADERS.set('boxid', 'box');

/** Properties a row sets (or held before): null clears a date. */
export type PropertyChanges = Partial<Record<DeviceProperty, string | null>>;

/** A column's header in `lang`, as the device export writes it. */
export const propertyColumnName = (lang: Language, c: PropertyColumn) =>
  c === 'box' ? DEVICE_FIELD_NAMES[lang].boxId : c === 'controller' ? DEVICE_FIELD_NAMES[lang].controller : DEVICE_FIELD_NAMES[lang][c];

/** A row that changes a device: its sheet row, the device, what it sets and what those properties hold now. */
export interface PropertyRow {
  row: number;
  boxId: number;
  controller: number;
  id: number;
  changes: PropertyChanges;
  before: PropertyChanges;
}

/**
 * Checks a sheet's device rows (rowsByHeader with PROPERTY_HEADERS) against the devices as stored: each names a live
 * device once, each non-empty cell of the `present` properties is a valid value. Answers every problem by row and
 * column (in `lang`), the rows that change something, and how many change nothing. Reads only.
 */
export async function checkPropertyRows(
  db: Db,
  rows: ReadonlyArray<{ row: number; cells: Record<PropertyColumn, string> }>,
  present: readonly DeviceProperty[],
  lang: Language,
): Promise<{ problems: UploadProblem[]; changed: PropertyRow[]; unchanged: number }> {
  const problems: UploadProblem[] = [];
  const problem = (row: number, column: PropertyColumn, key: MessageKey, params: Record<string, string | number> = {}) => {
    const name = propertyColumnName(lang, column);
    problems.push({ row, column: name, message: message(lang, key, { row, column: name, ...params }) });
  };
  const devices = await devicesOf(
    db,
    rows.map((r) => r.cells.box),
  );
  const firstRow = new Map<number, number>();
  const changed: PropertyRow[] = [];
  let unchanged = 0;
  for (const r of rows) {
    const key = `${r.cells.box}/${r.cells.controller}`;
    const device = devices.get(key);
    if (!/^[1-9]\d{0,9}$/.test(r.cells.box) || !/^(?:[1-9]|[12]\d|3[0-2])$/.test(r.cells.controller)) {
      problem(r.row, 'box', 'validation.smartbox.import.device');
      continue;
    }
    if (!device) {
      problem(r.row, 'box', 'validation.smartbox.import.unknownDevice', { device: key });
      continue;
    }
    const other = firstRow.get(device.id);
    if (other !== undefined) {
      problem(r.row, 'box', 'validation.smartbox.import.twice', { device: key, other });
      continue;
    }
    firstRow.set(device.id, r.row);
    const changes: PropertyChanges = {};
    const before: PropertyChanges = {};
    for (const p of present) {
      const text = r.cells[p];
      if (text === '') continue;
      const parsed = deviceInfoBody.shape[p].safeParse(text);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]?.message ?? 'validation.invalid';
        problem(r.row, p, 'validation.smartbox.import.value', {
          problem: message(lang, issue as MessageKey, { field: propertyColumnName(lang, p) }),
        });
        continue;
      }
      const value = parsed.data ?? null;
      if (value !== device[p]) {
        changes[p] = value;
        before[p] = device[p];
      }
    }
    if (Object.keys(changes).length === 0) unchanged += 1;
    else changed.push({ row: r.row, boxId: Number(r.cells.box), controller: Number(r.cells.controller), id: device.id, changes, before });
  }
  return { problems, changed, unchanged };
}

/** The live devices of the boxes named, by `box/controller`, with their properties as stored. */
async function devicesOf(db: Db, named: readonly string[]) {
  const boxIds = [...new Set(named.flatMap((b) => (/^[1-9]\d{0,9}$/.test(b) ? [Number(b)] : [])))];
  const out = new Map<string, { id: number } & Record<DeviceProperty, string | null>>();
  for (let i = 0; i < boxIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('devices as d')
      .select(['d.id', 'd.box_id', 'd.controller', ...DEVICE_PROPERTIES.map((p) => `d.${INFO_COLUMNS[p]}` as const)])
      .where('d.box_id', 'in', boxIds.slice(i, i + CHUNK))
      .where(liveDevice)
      .execute();
    for (const r of rows) {
      const props = Object.fromEntries(DEVICE_PROPERTIES.map((p) => [p, r[INFO_COLUMNS[p]] ?? null])) as Record<
        DeviceProperty,
        string | null
      >;
      out.set(`${r.box_id}/${r.controller}`, { id: r.id, ...props });
    }
  }
  return out;
}
