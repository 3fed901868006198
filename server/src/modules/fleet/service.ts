import { controllerKind, type DeviceStatus, type FleetHour, type FleetSummary, type MapPoint, type SpecificStatus } from '@dms/contract';
import { describeReach, deviceScope, faultLens, reachOrNone } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import { faultsAt } from '../devices/faults.js';
import type { DeviceService } from '../devices/service.js';
import * as repo from './repository.js';

/** Statuses a transition names the cause of (its faults and alerts). */
const FAULTY = new Set<string>(['online_fault', 'offline_fault', 'online_alert', 'offline_alert']);

const DAY_MS = 24 * repo.HOUR_MS;
const HOURS = 25;
const FAULTY_MODELS = 10;
const TRANSITIONS = 20;

/** The fleet at a glance for the dashboard and the large screen, and the map: always over the devices the user sees. */
export class FleetService {
  constructor(
    private readonly db: Db,
    private readonly ingest: IngestService,
    private readonly devices: DeviceService,
    private readonly now: () => number,
  ) {}

  async summary(auth: AuthContext, since: number): Promise<FleetSummary> {
    const scope = deviceScope(auth);
    // Fault figures, names and models count only what the user may see of faults (a hidden device's status still
    // counts; its faults do not): docs/people.md "Fault records".
    const lens = await faultLens(this.db, auth);
    const now = this.now();
    const first = Math.floor(now / repo.HOUR_MS) * repo.HOUR_MS - (HOURS - 1) * repo.HOUR_MS;
    const [counts, boxIds, today, records, offline, online, faultyModels, transitions] = await Promise.all([
      this.devices.counts(auth),
      repo.boxesOf(this.db, scope),
      repo.recordsSince(this.db, lens, since),
      repo.recordsPerHour(this.db, lens, first),
      repo.transitionsPerHour(this.db, scope, first, repo.OFFLINE_STATUSES),
      repo.transitionsPerHour(this.db, scope, first, repo.ONLINE_STATUSES),
      repo.faultyModels(this.db, lens, now - 30 * DAY_MS, FAULTY_MODELS),
      repo.latestTransitions(this.db, scope, TRANSITIONS),
    ]);
    const reaches = await describeReach(
      this.db,
      auth,
      transitions.map((t) => t.device_id),
    );
    const faults = await faultsAt(
      this.db,
      lens,
      transitions.filter((t) => FAULTY.has(t.to_status)).map((t) => ({ deviceId: t.device_id, time: t.time })),
    );
    const hours: FleetHour[] = Array.from({ length: HOURS }, (_, i) => ({
      t: first + i * repo.HOUR_MS,
      faults: 0,
      alerts: 0,
      offline: 0,
      online: 0,
    }));
    const at = (h: number) => (h >= 0 && h < HOURS ? hours[h] : undefined);
    for (const r of records) {
      const hour = at(r.h);
      if (hour) hour[r.kind === 'fault' ? 'faults' : 'alerts'] += r.n;
    }
    for (const r of offline) {
      const hour = at(r.h);
      if (hour) hour.offline += r.n;
    }
    for (const r of online) {
      const hour = at(r.h);
      if (hour) hour.online += r.n;
    }
    const onlineDevices = counts.online + counts.online_alert + counts.online_fault;
    return {
      counts,
      onlineRate: counts.all === 0 ? 0 : onlineDevices / counts.all,
      boxes: { total: boxIds.length, online: boxIds.filter((id) => this.ingest.box(id)?.online === true).length },
      faultsToday: today.fault,
      alertsToday: today.alert,
      hours,
      faultyModels,
      transitions: transitions.map((t) => ({
        time: t.time,
        deviceId: t.device_id,
        boxId: t.box_id,
        controller: t.controller,
        kind: controllerKind(t.kind),
        company: t.company || t.company_name,
        from: t.from_status as DeviceStatus,
        to: t.to_status as DeviceStatus,
        faults: faults.get(`${t.device_id}:${t.time}`),
        reach: reachOrNone(reaches, t.device_id),
      })),
    };
  }

  async map(auth: AuthContext, status: DeviceStatus | undefined): Promise<MapPoint[]> {
    const { statuses } = this.devices.filterOf(auth, status ? { status } : {});
    const rows = await repo.mapDevices(this.db, deviceScope(auth), statuses);
    const reaches = await describeReach(
      this.db,
      auth,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      boxId: r.box_id,
      controller: r.controller,
      status: (this.ingest.device(r.id)?.status ?? r.status) as SpecificStatus,
      kind: controllerKind(r.kind),
      company: r.company || r.company_name,
      model: r.model || (r.type_code ?? ''),
      province: r.province,
      city: r.city,
      lng: r.lng,
      lat: r.lat,
      reach: reachOrNone(reaches, r.id),
    }));
  }
}
