import {
  Code,
  engineeringValue,
  registerRawIn,
  runStateOf,
  Segmenter,
  thinSegments,
  totalsPerDay,
  utilisationOf,
  type ControllerTypeDetail,
  type DeviceChart,
  type Sample,
  type StopStatusDefinition,
  type StopStatusResult,
  type UtilisationResult,
} from '@dms/contract';
import { checkAccess, registerRights } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { valueIn } from '../../ingest/codec.js';
import type { AuthContext } from '../../types.js';
import { requireDevice } from '../devices/service.js';
import { snapshotAt } from '../history/repository.js';
import * as repo from './repository.js';
import { chartRegisters, definitionOf, type ChartTypes } from './service.js';

const DAY_MS = 86_400_000;
/** Snapshots read at a time. */
const CHUNK = 5000;

/**
 * The charts of a device's pages (docs/charts.md): which its type shows, as the viewer may read them, and the
 * stop-status timeline and utilisation per day from its stored snapshots. The device is checked first (`device.read`
 * to list, `device.data` for values), then the registers against the viewer's template: a chart reading one they may
 * not is withheld whole.
 */
export class DeviceCharts {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly types: ChartTypes,
  ) {}

  async ofDevice(auth: AuthContext, boxId: number, controller: number): Promise<DeviceChart[]> {
    const device = await requireDevice(this.db, auth, boxId, controller);
    if (device.type_id === null) return [];
    const [rows, data, rights] = await Promise.all([
      repo.chartsShownBy(this.db, device.type_id),
      checkAccess(this.db, { auth, permission: 'device.data', ids: [device.id] }),
      registerRights(this.db, auth),
    ]);
    return rows.map((row) => {
      const definition = definitionOf(row);
      const withheld = !data.has(device.id)
        ? 'hidden'
        : chartRegisters(definition).some((r) => !rights.canRead(device.type_id, r))
          ? 'template'
          : null;
      return { id: row.id, name: row.name, kind: definition.kind, definition, withheld };
    });
  }

  async stopStatus(auth: AuthContext, id: number, boxId: number, controller: number, from: number, to: number): Promise<StopStatusResult> {
    const { deviceId, definition, type } = await this.open(auth, id, boxId, controller);
    const end = Math.max(from, Math.min(to, this.now()));
    const { segments, totals } = await segmentHistory(this.db, deviceId, type, definition, from, end);
    const thin = thinSegments(segments);
    return { from, to: end, segments: thin.segments, merged: thin.merged, totals, utilisation: utilisationOf(totals, definition.working) };
  }

  /** Utilisation per day: each day's totals over what of it has passed, and its share in the working states. */
  async utilisation(
    auth: AuthContext,
    id: number,
    boxId: number,
    controller: number,
    from: number,
    days: number,
  ): Promise<UtilisationResult> {
    const { deviceId, definition, type } = await this.open(auth, id, boxId, controller);
    const end = Math.max(from, Math.min(from + days * DAY_MS, this.now()));
    const { segments } = await segmentHistory(this.db, deviceId, type, definition, from, end);
    return {
      days: totalsPerDay(segments, from, days, DAY_MS).map((totals, i) => ({
        from: from + i * DAY_MS,
        totals,
        utilisation: utilisationOf(totals, definition.working),
      })),
    };
  }

  /** The device (its data readable by the viewer), the stop-status chart of its type, and the registers readable. */
  private async open(auth: AuthContext, id: number, boxId: number, controller: number) {
    const device = await requireDevice(this.db, auth, boxId, controller, 'device.data');
    const row = await repo.findChart(this.db, id);
    if (!row) throw new AppError(Code.NOT_FOUND, 'error.chartNotFound', { id });
    const definition = definitionOf(row);
    if (definition.kind !== 'stop-status') throw new AppError(Code.VALIDATION_FAILED, 'error.chartNotStopStatus', { id });
    if (device.type_id !== row.type_id) throw new AppError(Code.VALIDATION_FAILED, 'error.chartNotOfType', { id });
    const rights = await registerRights(this.db, auth);
    if (chartRegisters(definition).some((r) => !rights.canRead(row.type_id, r))) throw new AppError(Code.FORBIDDEN, 'error.chartWithheld');
    return { deviceId: device.id, definition, type: await this.types.get(row.type_id) };
  }
}

/**
 * Segments one device's stored snapshots of [from, to) by a stop-status chart: the last snapshot before the window
 * holds into it (for the gap at most), then each snapshot's state (its values added to those before it, as a
 * snapshot may carry only some registers) until the next.
 */
export async function segmentHistory(
  db: Db,
  deviceId: number,
  type: ControllerTypeDetail,
  definition: StopStatusDefinition,
  from: number,
  to: number,
) {
  const defs = new Map(type.registers.map((r) => [r.number, r]));
  // The words the chart's registers take (a 32-bit register reads two).
  const words = [...new Set(chartRegisters(definition).flatMap((r) => [r, r + 1]))];
  const latest = new Map<number, number>();
  const sample: Sample = {
    ts: 0,
    value: (register) => {
      const def = defs.get(register);
      const raw = def ? registerRawIn(def, latest) : undefined;
      return def && raw !== undefined ? engineeringValue(def, raw) : undefined;
    },
    raw: (register) => {
      const def = defs.get(register);
      return def ? registerRawIn(def, latest) : undefined;
    },
    range: () => undefined,
    offlineMs: 0,
  };
  const read = (vals: Uint8Array) => {
    for (const w of words) {
      const v = valueIn(vals, w);
      if (v !== undefined) latest.set(w, v);
    }
  };
  const before = await snapshotAt(db, deviceId, from - 1);
  if (before) read(before.vals);
  const seg = new Segmenter(from, to, definition.gapS * 1000, before ? { ts: before.ts, state: runStateOf(definition, sample) } : null);
  let cursor = from - 1;
  for (;;) {
    const rows = await db
      .selectFrom('history')
      .select(['ts', 'vals'])
      .where('device_id', '=', deviceId)
      .where('ts', '>', cursor)
      .where('ts', '<', to)
      .orderBy('ts')
      .limit(CHUNK)
      .execute();
    for (const row of rows) {
      read(row.vals);
      seg.push({ ts: row.ts, state: runStateOf(definition, sample) });
    }
    const last = rows.at(-1);
    if (rows.length < CHUNK || !last) break;
    cursor = last.ts;
  }
  return seg.finish();
}
