import {
  Code,
  DEVICE_FIELD_NAMES,
  DEVICE_PROPERTIES,
  deviceInfoBody,
  LANGUAGES,
  MAX_PROPERTY_ROWS,
  MAX_UPLOAD_BYTES,
  message,
  type DeviceProperty,
  type DevicePropertiesImportResult,
  type devicePropertiesBody,
  type devicePropertiesImportBody,
  type Language,
  type MessageKey,
  type UploadProblem,
} from '@dms/contract';
import type { z } from 'zod';
import { liveDevice, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { INFO_COLUMNS, type DeviceInfoUpdate } from '../devices/repository.js';
import { foldHeader, readSheet, rowsByHeader } from '../exports/read-sheet.js';

/** Rows written per statement. */
const CHUNK = 500;
/** The import's columns: the device (box, controller) and every property. */
const COLUMNS = ['box', 'controller', ...DEVICE_PROPERTIES] as const;
type Column = (typeof COLUMNS)[number];
/** The names a header may give each column: its key, or its name in any console language (as the device export writes it). */
const HEADERS = new Map<string, Column>();
for (const c of COLUMNS) HEADERS.set(foldHeader(c), c);
for (const l of LANGUAGES) {
  HEADERS.set(foldHeader(DEVICE_FIELD_NAMES[l].boxId), 'box');
  HEADERS.set(foldHeader(DEVICE_FIELD_NAMES[l].controller), 'controller');
  for (const p of DEVICE_PROPERTIES) HEADERS.set(foldHeader(DEVICE_FIELD_NAMES[l][p]), p);
}
HEADERS.set('boxid', 'box');

type Changes = Partial<Record<DeviceProperty, string | null>>;
const columnName = (lang: Language, c: Column) =>
  c === 'box' ? DEVICE_FIELD_NAMES[lang].boxId : c === 'controller' ? DEVICE_FIELD_NAMES[lang].controller : DEVICE_FIELD_NAMES[lang][c];
const toSet = (changes: Changes): DeviceInfoUpdate =>
  Object.fromEntries(Object.entries(changes).map(([k, v]) => [INFO_COLUMNS[k as DeviceProperty], v]));

/**
 * Devices' descriptive properties (/smartbox/device-property; root; issue 23): spec 3's fields of many devices set at
 * once, or from a sheet (the box, the controller and any property columns, headed as the device export heads them),
 * previewed with every problem by row and column and written whole or not at all. Checked (`device.update`) in the
 * transaction that writes; logged.
 */
export class DevicePropertiesService {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
  ) {}

  async set(auth: AuthContext, body: z.output<typeof devicePropertiesBody>, ip: string): Promise<{ updated: number }> {
    const given: Array<[string, unknown]> = Object.entries(body.fields);
    const changes = Object.fromEntries(given.filter(([, v]) => v !== undefined)) as Changes;
    const updated = await this.db.transaction().execute(async (tx) => {
      const found = await tx.selectFrom('devices as d').select('d.id').where('d.id', 'in', body.deviceIds).where(liveDevice).execute();
      if (found.length !== body.deviceIds.length) throw new AppError(Code.NOT_FOUND, 'error.notFound');
      await requireAccess(tx, { auth, permission: 'device.update', ids: body.deviceIds });
      for (let i = 0; i < body.deviceIds.length; i += CHUNK)
        await tx
          .updateTable('devices')
          .set(toSet(changes))
          .where('id', 'in', body.deviceIds.slice(i, i + CHUNK))
          .execute();
      return body.deviceIds.length;
    });
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.setDeviceProperties',
      target: `${updated} device(s)`,
      newValue: JSON.stringify(changes),
      outcome: 'ok',
      ip,
    });
    return { updated };
  }

  async import(
    auth: AuthContext,
    body: z.output<typeof devicePropertiesImportBody>,
    ip: string,
    lang: Language,
  ): Promise<DevicePropertiesImportResult> {
    const bytes = Buffer.from(body.content, 'base64');
    if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.tooLarge');
    const { missing, rows } = rowsByHeader(await readSheet(body.fileName, bytes), HEADERS, COLUMNS);
    if (missing.includes('box') || missing.includes('controller'))
      throw new AppError(Code.VALIDATION_FAILED, 'validation.smartbox.import.header', {
        missing: missing
          .filter((c) => c === 'box' || c === 'controller')
          .map((c) => columnName(lang, c))
          .join(', '),
      });
    if (rows.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'validation.smartbox.import.empty');
    if (rows.length > MAX_PROPERTY_ROWS) throw new AppError(Code.VALIDATION_FAILED, 'validation.smartbox.import.tooMany');
    const present = DEVICE_PROPERTIES.filter((p) => !missing.includes(p));

    const problems: UploadProblem[] = [];
    const problem = (row: number, column: Column, key: MessageKey, params: Record<string, string | number> = {}) => {
      const name = columnName(lang, column);
      problems.push({ row, column: name, message: message(lang, key, { row, column: name, ...params }) });
    };
    const devices = await this.devicesOf(rows.map((r) => [r.cells.box, r.cells.controller]));
    const firstRow = new Map<number, number>();
    const changes: DevicePropertiesImportResult['changes'] = [];
    const writes: Array<{ id: number; changes: Changes }> = [];
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
      const changed: Changes = {};
      for (const p of present) {
        const text = r.cells[p];
        if (text === '') continue;
        const parsed = deviceInfoBody.shape[p].safeParse(text);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]?.message ?? 'validation.invalid';
          problem(r.row, p, 'validation.smartbox.import.value', {
            problem: message(lang, issue as MessageKey, { field: columnName(lang, p) }),
          });
          continue;
        }
        const value = parsed.data ?? null;
        if (value !== device[p]) changed[p] = value;
      }
      if (Object.keys(changed).length === 0) unchanged += 1;
      else {
        changes.push({ row: r.row, boxId: Number(r.cells.box), controller: Number(r.cells.controller), changes: changed });
        writes.push({ id: device.id, changes: changed });
      }
    }
    const apply = body.apply && problems.length === 0 && writes.length > 0;
    if (apply) {
      await this.db.transaction().execute(async (tx) => {
        await requireAccess(tx, { auth, permission: 'device.update', ids: writes.map((w) => w.id) });
        for (const w of writes) await tx.updateTable('devices').set(toSet(w.changes)).where('id', '=', w.id).execute();
      });
      await this.audit.record({
        user: auth.user,
        action: 'smartbox.importDeviceProperties',
        target: body.fileName,
        newValue: `${writes.length} device(s) changed, ${unchanged} unchanged`,
        outcome: 'ok',
        ip,
      });
    }
    return { changes, unchanged, problems, applied: apply };
  }

  /** The devices the rows name, by `box/controller`, with their properties as stored. */
  private async devicesOf(named: Array<[string, string]>) {
    const boxIds = [...new Set(named.flatMap(([b]) => (/^[1-9]\d{0,9}$/.test(b) ? [Number(b)] : [])))];
    const out = new Map<string, { id: number } & Record<DeviceProperty, string | null>>();
    for (let i = 0; i < boxIds.length; i += CHUNK) {
      const rows = await this.db
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
}
