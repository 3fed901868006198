import {
  boxRegistrationBody,
  Code,
  DEVICE_PROPERTIES,
  MAX_UPLOAD_BYTES,
  message,
  type BrokerAddress,
  type devicePropertiesBody,
  type Language,
  type UploadProblem,
} from '@dms/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { BoxRegInfoService } from '../box-reg-info/service.js';
import { readSheet, rowsByHeader } from '../exports/read-sheet.js';
import type { DevicePropertiesService } from '../smartbox/device-properties.js';
import {
  checkPropertyRows,
  propertyColumnName,
  PROPERTY_COLUMNS,
  PROPERTY_HEADERS,
  type PropertyChanges,
} from '../smartbox/property-rows.js';
import { boxToLoad, planBoxes, type BoxToLoad } from './load-boxes.js';
import { userToLoad, type UsersLoad } from './load-users.js';
import { defineScript, fieldsText, type Planned, type ScriptContext } from './script.js';

const changes = z.partialRecord(z.enum(DEVICE_PROPERTIES), z.string().nullable());
/** One device's properties to set (`fields`), with what they held before (`from`). */
const deviceChange = z.object({ deviceId: z.number().int(), fields: changes, from: changes });
type DeviceChange = z.infer<typeof deviceChange>;
/** A row of any kind: a box to register, a device's properties, or an account to create below its parent. */
const payload = z.union([z.object({ box: boxToLoad }), z.object({ device: deviceChange }), z.object({ user: userToLoad })]);
type Payload = z.infer<typeof payload>;

const shown = (c: PropertyChanges, lang: Language) =>
  fieldsText(Object.entries(c).map(([k, v]) => [propertyColumnName(lang, k as keyof PropertyChanges), v] as const));

/** A file with problems is refused whole, with each of them (row, column, message) in `data.problems`; so is one without rows. */
function checked(problems: UploadProblem[], rows: number): void {
  if (problems.length > 0)
    throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.load.problems', { count: problems.length }, { problems });
  if (rows === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.load.empty');
}

/** The device rows of a sheet: each changes a device's properties, as the device-property import reads them. */
async function planDevices(db: Db, sheet: readonly string[][], lang: Language) {
  const { missing, rows } = rowsByHeader(sheet, PROPERTY_HEADERS, PROPERTY_COLUMNS);
  const header = (['box', 'controller'] as const)
    .filter((c) => missing.includes(c))
    .map((c) => {
      const column = propertyColumnName(lang, c);
      return { row: 1, column, message: message(lang, 'error.scripts.load.header', { row: 1, column }) };
    });
  if (header.length > 0) return { problems: header, planned: [], rows: rows.length };
  const present = DEVICE_PROPERTIES.filter((p) => !missing.includes(p));
  const { problems, changed } = await checkPropertyRows(db, rows, present, lang);
  const planned: Array<Planned<Payload>> = changed.map((c) => ({
    target: `${c.boxId}/${c.controller}`,
    before: shown(c.before, lang),
    after: shown(c.changes, lang),
    payload: { device: { deviceId: c.id, fields: c.changes, from: c.before } },
  }));
  return { problems, planned, rows: rows.length };
}

/**
 * load (issue 24; docs/scripts.md): a sheet (.xlsx or .csv) of boxes to register, of devices' properties to set, or of
 * accounts to create below their parents (load-users.ts), headed in any console language or by key. The dry run checks every row against the database; one problem anywhere
 * refuses the file, with every problem by row and column, and nothing changes. Each box is registered through box
 * registration (BoxRegInfoService.register, a range of that one box): its MQTT password is the item's secret, shown
 * once. Each device's properties are set through the one edit path (DevicePropertiesService.set), and undo sets back
 * the values from before the same way. Registered boxes are not undone (box delete removes them), nor are created
 * accounts (the user management screens remove them).
 */
export function load(
  db: Db,
  boxRegInfo: BoxRegInfoService,
  properties: DevicePropertiesService,
  broker: (host: string) => BrokerAddress,
  users: UsersLoad,
) {
  const setDevice = async ({ auth, ip }: ScriptContext, deviceId: number, fields: DeviceChange['fields']) => {
    await properties.set(auth, { deviceIds: [deviceId], fields: fields as z.output<typeof devicePropertiesBody>['fields'] }, ip);
  };
  const register = async ({ auth, ip, lang, host }: ScriptContext, b: BoxToLoad) => {
    const body = boxRegistrationBody.parse({
      startBoxId: b.boxId,
      endBoxId: b.boxId,
      userId: b.userId,
      boxType: b.boxType,
      companyName: b.companyName,
      contact: b.contact,
      ...(b.ck === null ? {} : { ck: b.ck }),
    });
    const result = await boxRegInfo.register(auth, body, ip, lang, broker(host));
    return result.boxes[0]?.password;
  };
  return defineScript({
    name: 'load',
    payload,
    undoData: deviceChange,
    // Only the devices' rows are put back; a registered box is removed with box delete, an account on its screens.
    noUndo: (input) => (input.kind === 'devices' ? null : input.kind === 'users' ? 'scripts.noUndo.loadUsers' : 'scripts.noUndo.load'),
    async plan({ lang }, input) {
      const bytes = Buffer.from(input.content, 'base64');
      if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.tooLarge');
      const sheet = await readSheet(input.fileName, bytes);
      if (input.kind === 'boxes') {
        const { problems, planned, rows } = await planBoxes(db, sheet, lang);
        checked(problems, rows);
        return planned.map((p) => ({ ...p, payload: { box: p.payload } }));
      }
      if (input.kind === 'users') {
        const { problems, planned, rows } = await users.plan(sheet, lang);
        checked(problems, rows);
        return planned.map((p) => ({ ...p, payload: { user: p.payload } }));
      }
      const { problems, planned, rows } = await planDevices(db, sheet, lang);
      checked(problems, rows);
      return planned;
    },
    async apply(ctx, p: Payload) {
      if ('box' in p) {
        const secret = await register(ctx, p.box);
        return { outcome: 'ok', ...(secret === undefined ? {} : { secret }) };
      }
      if ('user' in p) return users.apply(ctx, p.user);
      await setDevice(ctx, p.device.deviceId, p.device.fields);
      return { outcome: 'ok', undo: { deviceId: p.device.deviceId, fields: p.device.from, from: p.device.fields } };
    },
    async undo(ctx, d) {
      await setDevice(ctx, d.deviceId, d.fields);
      return { outcome: 'ok' };
    },
  });
}
