import {
  Code,
  DEVICE_PROPERTIES,
  MAX_PROPERTY_ROWS,
  MAX_UPLOAD_BYTES,
  type DeviceProperty,
  type DevicePropertiesImportResult,
  type devicePropertiesBody,
  type devicePropertiesImportBody,
  type Language,
} from '@dms/contract';
import type { z } from 'zod';
import { liveDevice, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { INFO_COLUMNS, type DeviceInfoUpdate } from '../devices/repository.js';
import { readSheet, rowsByHeader } from '../exports/read-sheet.js';
import {
  checkPropertyRows,
  propertyColumnName,
  PROPERTY_COLUMNS,
  PROPERTY_HEADERS,
  type PropertyChanges as Changes,
} from './property-rows.js';

/** Rows written per statement. */
const CHUNK = 500;
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
    const { missing, rows } = rowsByHeader(await readSheet(body.fileName, bytes), PROPERTY_HEADERS, PROPERTY_COLUMNS);
    if (missing.includes('box') || missing.includes('controller'))
      throw new AppError(Code.VALIDATION_FAILED, 'validation.smartbox.import.header', {
        missing: missing
          .filter((c) => c === 'box' || c === 'controller')
          .map((c) => propertyColumnName(lang, c))
          .join(', '),
      });
    if (rows.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'validation.smartbox.import.empty');
    if (rows.length > MAX_PROPERTY_ROWS) throw new AppError(Code.VALIDATION_FAILED, 'validation.smartbox.import.tooMany');
    const present = DEVICE_PROPERTIES.filter((p) => !missing.includes(p));
    const { problems, changed, unchanged } = await checkPropertyRows(this.db, rows, present, lang);
    const changes = changed.map((c) => ({ row: c.row, boxId: c.boxId, controller: c.controller, changes: c.changes }));
    const writes = changed.map((c) => ({ id: c.id, changes: c.changes }));
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
}
