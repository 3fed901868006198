import { Code, engineeringValue, registerRawIn, type Language } from '@dms/contract';
import { z } from 'zod';
import { liveDevice } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import { toRegisterDef } from '../controller-types/registers.js';
import { findType, registersOf } from '../controller-types/repository.js';
import { writeWords, type DeviceService } from '../devices/service.js';
import { defineScript, type ItemResult } from './script.js';

const write = z.object({ boxId: z.number().int(), controller: z.number().int(), register: z.number().int(), value: z.number() });
type Write = z.infer<typeof write>;

/**
 * batch-modify-params (docs/scripts.md): one register written to every device of a type (within a box range), through
 * the single write (DeviceService.write: the user's rights, the register map, the box's acknowledgement, the operation
 * log). Each device's outcome is its box's answer: acknowledged, rejected or timed out; an offline device's write is
 * queued until its box comes back (a day at most). Undo writes back each acknowledged device's value from before.
 */
export function batchModifyParams(db: Db, ingest: IngestService, devices: DeviceService) {
  const send = async (auth: AuthContext, w: Write, ip: string, lang: Language) => {
    try {
      return await devices.write(auth, w.boxId, w.controller, w.register, w.value, ip, lang);
    } catch (err) {
      if (err instanceof AppError && err.code === Code.DEVICE_OFFLINE) return null;
      throw err;
    }
  };
  return defineScript({
    name: 'batch-modify-params',
    payload: write,
    undoData: write,
    concurrency: 64,
    async plan({ lang }, input) {
      const type = await findType(db, input.typeId);
      if (!type) throw new AppError(Code.VALIDATION_FAILED, 'validation.scripts.type');
      const row = (await registersOf(db, input.typeId)).find((r) => r.number === input.register);
      if (!row) throw new AppError(Code.VALIDATION_FAILED, 'error.registerUnknown', { register: input.register });
      const def = toRegisterDef(row);
      writeWords(def, input.register, input.value);
      let q = db
        .selectFrom('devices as d')
        .select(['d.id', 'd.box_id', 'd.controller'])
        .where('d.type_id', '=', input.typeId)
        .where(liveDevice);
      if (input.startBoxId !== undefined) q = q.where('d.box_id', '>=', input.startBoxId);
      if (input.endBoxId !== undefined) q = q.where('d.box_id', '<=', input.endBoxId);
      const rows = await q.orderBy('d.box_id').orderBy('d.controller').execute();
      const name = def.name[lang] || def.key;
      return rows.map((d) => {
        const latest = ingest.device(d.id)?.latest;
        const raw = latest ? registerRawIn(def, latest) : undefined;
        return {
          target: `${d.box_id}/${d.controller} #${input.register} ${name}`,
          before: raw === undefined ? null : String(engineeringValue(def, raw)),
          after: String(input.value),
          payload: { boxId: d.box_id, controller: d.controller, register: input.register, value: input.value },
        };
      });
    },
    async apply({ auth, ip, lang }, w): Promise<ItemResult<Write>> {
      const result = await send(auth, w, ip, lang);
      if (!result) return { outcome: 'queued', boxId: w.boxId, message: { key: 'error.deviceOffline' } };
      if (result.outcome === 'acknowledged')
        return {
          outcome: 'ok',
          ...(result.oldValue === null || result.oldValue === w.value ? {} : { undo: { ...w, value: result.oldValue } }),
        };
      if (result.outcome === 'timed_out') return { outcome: 'timeout', message: { key: 'error.scripts.writeTimedOut' } };
      return { outcome: 'rejected', message: { key: 'error.scripts.writeRejected', params: { reason: result.reason ?? '' } } };
    },
    async undo({ auth, ip, lang }, w) {
      const result = await send(auth, w, ip, lang);
      if (result?.outcome === 'acknowledged') return { outcome: 'ok' };
      return {
        outcome: result ? (result.outcome === 'timed_out' ? 'timeout' : 'rejected') : 'failed',
        message: { key: result ? 'error.scripts.writeRejected' : 'error.deviceOffline', params: { reason: result?.reason ?? '' } },
      };
    },
  });
}
