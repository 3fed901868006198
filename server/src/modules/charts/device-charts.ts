import {
  Code,
  MAX_FLEET_STOP_DEVICES,
  STOP_STATES,
  thinSegments,
  totalsPerDay,
  utilisationOf,
  zeroTotals,
  type DeviceChart,
  type FleetStopStatus,
  type StopStatusResult,
  type StopTotals,
  type UtilisationResult,
} from '@dms/contract';
import { checkAccess, dataInScope, deviceScope, registerRights } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import { requireDevice } from '../devices/service.js';
import * as repo from './repository.js';
import { StopStatusReader, type StopChart } from './stop-status-reader.js';
import { chartRegisters, definitionOf, type ChartTypes } from './service.js';

const DAY_MS = 86_400_000;
/** How long the large screen's per-device totals are reused. */
const FLEET_REUSE_MS = 60_000;
/** Most per-device totals kept for it (past that they are dropped and read again). */
const FLEET_KEPT = 5000;

/**
 * The charts of a device's pages (docs/charts.md): which its type shows, as the viewer may read them, and the
 * stop-status timeline and utilisation per day from its stored snapshots. The device is checked first (`device.read`
 * to list, `device.data` for values), then the registers against the viewer's template: a chart reading one they may
 * not is withheld whole.
 */
export class DeviceCharts {
  private readonly reader: StopStatusReader;
  /**
   * The fleet's per-device totals, reused for FLEET_REUSE_MS: the large screen asks every 30 s on every wall, and
   * today is a part the reader does not keep (it is read from its snapshots each time).
   */
  private readonly fleetTotals = new Map<string, { at: number; totals: StopTotals }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly types: ChartTypes,
  ) {
    this.reader = new StopStatusReader(db);
  }

  /**
   * The large screen's running and stopped time since `from`: over the devices the viewer reads (reached, data not
   * hidden) whose type shows a stop-status chart (its first) that reads only registers their template lets them read,
   * the most recently seen MAX_FLEET_STOP_DEVICES of them; a device's totals are reused for a minute.
   */
  async fleet(auth: AuthContext, from: number): Promise<FleetStopStatus> {
    const to = Math.max(from, this.now());
    const rights = await registerRights(this.db, auth);
    const shown = await this.db
      .selectFrom('type_chart_definitions as u')
      .innerJoin('chart_definitions as c', 'c.id', 'u.chart_id')
      .select(['u.type_id', 'c.id', 'c.definition', 'c.updated_at'])
      .where('c.kind', '=', 'stop-status')
      .orderBy('u.type_id')
      .orderBy('u.position')
      .execute();
    const chartOf = new Map<number, StopChart>();
    for (const row of shown) {
      if (chartOf.has(row.type_id)) continue;
      const definition = definitionOf(row);
      if (definition.kind !== 'stop-status' || chartRegisters(definition).some((r) => !rights.canRead(row.type_id, r))) continue;
      chartOf.set(row.type_id, { id: row.id, savedAt: row.updated_at, definition });
    }
    const empty = { from, to, devices: 0, left: 0, totals: zeroTotals(), utilisation: 0, top: [] };
    if (chartOf.size === 0) return empty;
    const scope = deviceScope(auth);
    let q = this.db.selectFrom('devices as d').where('d.type_id', 'in', [...chartOf.keys()]);
    q = q.where(dataInScope(scope));
    const [count, devices] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      q
        .select(['d.id', 'd.box_id', 'd.controller', 'd.company', 'd.type_id'])
        .orderBy('d.last_seen', 'desc')
        .orderBy('d.id')
        .limit(MAX_FLEET_STOP_DEVICES)
        .execute(),
    ]);
    const totals = zeroTotals();
    let busy = 0;
    const top: FleetStopStatus['top'] = [];
    const now = this.now();
    // Each type's map once (its chart's registers are read by it).
    const typeOf = new Map(await Promise.all([...chartOf.keys()].map(async (id) => [id, await this.types.get(id)] as const)));
    for (const d of devices) {
      const chart = d.type_id === null ? undefined : chartOf.get(d.type_id);
      const type = d.type_id === null ? undefined : typeOf.get(d.type_id);
      if (!chart || !type) continue;
      const key = `${chart.id}:${chart.savedAt}:${d.id}:${from}`;
      let counted = this.fleetTotals.get(key);
      if (!counted || now - counted.at > FLEET_REUSE_MS) {
        counted = { at: now, totals: (await this.reader.segments(d.id, type, chart, from, to, now)).totals };
        if (this.fleetTotals.size >= FLEET_KEPT) this.fleetTotals.clear();
        this.fleetTotals.set(key, counted);
      }
      for (const state of STOP_STATES) totals[state] += counted.totals[state];
      for (const state of chart.definition.working) busy += counted.totals[state];
      top.push({
        boxId: d.box_id,
        controller: d.controller,
        company: d.company,
        utilisation: utilisationOf(counted.totals, chart.definition.working),
      });
    }
    const all = STOP_STATES.reduce((n, state) => n + totals[state], 0);
    top.sort((a, b) => b.utilisation - a.utilisation);
    return {
      ...empty,
      devices: devices.length,
      left: Number(count.n) - devices.length,
      totals,
      utilisation: all > 0 ? busy / all : 0,
      top: top.slice(0, 10),
    };
  }

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
    const { deviceId, chart, type } = await this.open(auth, id, boxId, controller);
    const { definition } = chart;
    const now = this.now();
    const end = Math.max(from, Math.min(to, now));
    const { segments, totals } = await this.reader.segments(deviceId, type, chart, from, end, now);
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
    const { deviceId, chart, type } = await this.open(auth, id, boxId, controller);
    const { definition } = chart;
    const now = this.now();
    const end = Math.max(from, Math.min(from + days * DAY_MS, now));
    const { segments } = await this.reader.segments(deviceId, type, chart, from, end, now);
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
    const chart: StopChart = { id: row.id, savedAt: row.updated_at, definition };
    return { deviceId: device.id, chart, type: await this.types.get(row.type_id) };
  }
}
