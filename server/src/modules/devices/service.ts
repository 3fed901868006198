import {
  chartsOf,
  Code,
  controllerKind,
  engineeringValue,
  rawFromEngineering,
  registerRawIn,
  wordsFromRaw,
  writeRange,
  type DeviceCounts,
  type DeviceListCounts,
  cappedDeviceCounts,
  type DeviceDetail,
  type DeviceFields,
  type DeviceFilter,
  type DeviceInfoBody,
  type DeviceListItem,
  type DeviceQuery,
  type DeviceStatus,
  type DeviceReach,
  type DeviceSummary,
  type FaultRecord,
  type Language,
  type LocalizedText,
  type PermissionOf,
  type SeriesResult,
  type SpecificStatus,
  type WriteResult,
  type RegisterDef,
} from '@dms/contract';
import { SECRET_REGISTER_KEYS } from '@dms/seed';
import { mapsToRead } from '../controller-types/eras.js';
import { devicePage } from '../controller-types/pages.js';
import { toRegisterDef } from '../controller-types/registers.js';
import { findType, registersOf } from '../controller-types/repository.js';
import {
  describeReach,
  deviceGrants,
  deviceScope,
  faultLens,
  reachOrNone,
  readable,
  registerRights,
  requireAccess,
} from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { valuesRecord } from '../../ingest/codec.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { readChartSeries } from '../history/rollup-read.js';
import type { RollupRetention } from '../history/rollup-cells.js';
import { activeFaultsOf } from './faults.js';
import * as repo from './repository.js';

const GROUPS: Partial<Record<DeviceStatus, SpecificStatus[]>> = {
  fault: ['online_fault', 'offline_fault'],
  alert: ['online_alert', 'offline_alert'],
};

function localized(json: string | null, lang: Language): string | null {
  if (!json) return null;
  const text = JSON.parse(json) as LocalizedText;
  return text[lang];
}

/** The device at (box, controller): 404 when there is none, 403 when the user lacks the permission (reading it by default). */
export async function requireDevice(
  db: Db,
  auth: AuthContext,
  boxId: number,
  controller: number,
  permission: PermissionOf<'device' | 'history'> = 'device.read',
): Promise<repo.DeviceListRow> {
  const row = await repo.findDevice(db, boxId, controller);
  if (!row) throw notFound();
  await requireAccess(db, { auth, permission, ids: [row.id] });
  return row;
}

/** A fault_records row as the API shows it. */
export function toFaultRecord(r: {
  id: number;
  kind: 'fault' | 'alert';
  register: number;
  bit: number;
  started_at: number;
  ended_at: number | null;
}): FaultRecord {
  return { id: r.id, kind: r.kind, register: r.register, bit: r.bit, startedAt: r.started_at, endedAt: r.ended_at };
}

/** A device row as the API shows it; the owning company falls back to the box's registration. */
export function summary(row: repo.DeviceListRow, lang: Language): DeviceSummary {
  return {
    id: row.id,
    boxId: row.box_id,
    controller: row.controller,
    typeId: row.type_id,
    typeCode: row.type_code,
    typeName: localized(row.type_name, lang),
    kind: controllerKind(row.type_kind),
    owner: row.owner,
    status: row.status as SpecificStatus,
    runStatus: row.fault ? 'fault' : row.alert ? 'warning' : 'normal',
    lastSeen: row.last_seen,
    ...storedFields(row),
    company: row.company || row.company_name,
  };
}

/** The spec-3 fields as stored (no fallbacks), by their API names. */
function storedFields(row: repo.DeviceListRow): DeviceFields {
  const fields = Object.fromEntries(Object.entries(repo.INFO_COLUMNS).map(([field, column]) => [field, row[column]]));
  return fields as DeviceFields;
}

/** Devices as users see them: scoped lists, detail with live values, downsampled history, register writes. */
/** A count of each specific status. */
function countsOf<T>(count: (status: SpecificStatus) => T): Record<Exclude<keyof DeviceCounts, 'all'>, T> {
  return {
    online: count('online'),
    offline: count('offline'),
    online_alert: count('online_alert'),
    offline_alert: count('offline_alert'),
    online_fault: count('online_fault'),
    offline_fault: count('offline_fault'),
    unregistered: count('unregistered'),
  };
}

export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly ingest: IngestService,
    private readonly audit: Audit,
    /** What charts read rollups with: the clock, and each level's retention. */
    private readonly charts: { now: () => number; retention: RollupRetention },
  ) {}

  /** The repository filter of a user's list query: their scope, the status (a group stands for its statuses), search. */
  filterOf(auth: AuthContext, query: DeviceFilter): repo.DeviceListFilter {
    const statuses = query.status ? (GROUPS[query.status] ?? [query.status as SpecificStatus]) : undefined;
    return {
      userId: deviceScope(auth),
      statuses,
      boxId: query.boxId,
      q: query.q ? query.q : undefined,
    };
  }

  async list(
    auth: AuthContext,
    query: DeviceQuery & { page: number; page_size: number },
    lang: Language,
  ): Promise<{ total: number; capped: boolean; items: DeviceListItem[] }> {
    const page = await repo.listDevices(this.db, this.filterOf(auth, query), {
      sort: query.sort ?? 'boxId',
      order: query.order ?? 'asc',
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
    });
    // The page's active faults and alerts by name, and how the user reaches each device, in one query each.
    const ids = page.items.map((r) => r.id);
    const lens = await faultLens(this.db, auth);
    const [faults, reach] = await Promise.all([activeFaultsOf(this.db, lens, ids, lang), describeReach(this.db, auth, ids)]);
    return {
      total: page.total,
      capped: page.capped,
      items: page.items.map((r) => ({
        ...this.live(summary(r, lang)),
        ...(faults.get(r.id) ?? { activeFaults: [], moreFaults: 0 }),
        reach: reachOrNone(reach, r.id),
      })),
    };
  }

  /** How many of the user's devices are in each status (the dashboard). */
  async counts(auth: AuthContext): Promise<DeviceCounts> {
    const byStatus = await repo.countByStatus(this.db, this.filterOf(auth, {}));
    const counts = countsOf((s) => byStatus.get(s) ?? 0);
    return { all: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
  }

  /**
   * The quick filters: how many of the user's devices matching `q` are in each status. A search's count stops past
   * DEVICE_SEARCH_COUNT_CAP: `all` is then the cap and the statuses are not told.
   */
  async listCounts(auth: AuthContext, q: string | undefined): Promise<DeviceListCounts> {
    if (!q) return { ...(await this.counts(auth)), capped: false };
    const found = await repo.countFoundByStatus(this.db, { ...this.filterOf(auth, {}), q });
    if (found.capped) return cappedDeviceCounts();
    const counts = countsOf((s) => found.byStatus.get(s) ?? 0);
    return { all: Object.values(counts).reduce((a, b) => a + b, 0), capped: false, ...counts };
  }

  /** Every device of a list filter, in list order, as summaries (exports), a chunk at a time. */
  async *rows(auth: AuthContext, query: DeviceFilter, lang: Language): AsyncGenerator<Array<DeviceSummary & { reach: DeviceReach }>> {
    for await (const chunk of repo.allDevices(this.db, this.filterOf(auth, query), query.sort ?? 'boxId', query.order ?? 'asc')) {
      const reaches = await describeReach(
        this.db,
        auth,
        chunk.map((r) => r.id),
      );
      yield chunk.map((r) => ({ ...this.live(summary(r, lang)), reach: reachOrNone(reaches, r.id) }));
    }
  }

  count(auth: AuthContext, query: DeviceFilter): Promise<number> {
    return repo.countDevices(this.db, this.filterOf(auth, query));
  }

  /**
   * Changes a device's information (owner, root, admin; others 403). Only sent fields change; the operation log
   * keeps the old and new values of the fields that did.
   */
  async update(
    auth: AuthContext,
    boxId: number,
    controller: number,
    body: DeviceInfoBody,
    lang: Language,
    ip: string,
  ): Promise<DeviceDetail> {
    const row = await this.require(auth, boxId, controller);
    await requireAccess(this.db, { auth, permission: 'device.update', ids: [row.id] });
    const before = summary(row, lang);
    const stored: Record<keyof DeviceInfoBody, string | number | null> = storedFields(row);
    const changed = (Object.keys(body) as Array<keyof DeviceInfoBody>).filter((k) => body[k] !== undefined && body[k] !== stored[k]);
    if (changed.length > 0) {
      const set: repo.DeviceInfoUpdate = {};
      for (const k of changed) Object.assign(set, { [repo.INFO_COLUMNS[k]]: body[k] });
      await repo.updateDeviceInfo(this.db, row.id, set);
      const show = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : String(v));
      await this.audit.record({
        user: auth.user,
        action: 'device.edit',
        target: `${boxId}/${controller}`,
        oldValue: changed.map((k) => `${k}: ${show(k === 'company' ? before.company : stored[k])}`).join('; '),
        newValue: changed.map((k) => `${k}: ${show(body[k])}`).join('; '),
        outcome: 'ok',
        ip,
      });
    }
    return this.detail(auth, boxId, controller, lang);
  }

  /** The devices on one box the user sees, by controller. */
  async onBox(auth: AuthContext, boxId: number, lang: Language): Promise<DeviceSummary[]> {
    const page = await repo.listDevices(this.db, this.filterOf(auth, { boxId }), { sort: 'boxId', order: 'asc', offset: 0, limit: 64 });
    return page.items.map((r) => this.live(summary(r, lang)));
  }

  /** The device at (box, controller) if the user may see it; 404 when it does not exist, 403 when it is not theirs. */
  private require(auth: AuthContext, boxId: number, controller: number): Promise<repo.DeviceListRow> {
    return requireDevice(this.db, auth, boxId, controller);
  }

  /** Status and last-seen from ingest's memory, which is ahead of the database by up to a sweep. */
  private live(s: DeviceSummary): DeviceSummary {
    const state = this.ingest.device(s.id);
    if (!state) return s;
    return {
      ...s,
      status: state.status,
      runStatus: state.fault ? 'fault' : state.alert ? 'warning' : 'normal',
      lastSeen: this.ingest.box(s.boxId)?.lastSeen ?? s.lastSeen,
    };
  }

  async detail(auth: AuthContext, boxId: number, controller: number, lang: Language): Promise<DeviceDetail> {
    const row = await this.require(auth, boxId, controller);
    const granted = await deviceGrants(this.db, auth, row.id);
    const lens = await faultLens(this.db, auth);
    const rights = lens.rights;
    const [transitions, faults, reaches, type, box] = await Promise.all([
      repo.recentTransitions(this.db, row.id, 20),
      activeFaultsOf(this.db, lens, [row.id], lang),
      describeReach(this.db, auth, [row.id]),
      row.type_id === null ? undefined : findType(this.db, row.type_id),
      this.db.selectFrom('boxes').select('firmware').where('box_id', '=', row.box_id).executeTakeFirst(),
    ]);
    // The register map: ingest's copy of the device's type, or the stored one when ingest has not met the device.
    const known = this.ingest.device(row.id)?.type?.registers;
    const defs: RegisterDef[] =
      known !== undefined ? [...known.values()] : row.type_id === null ? [] : (await registersOf(this.db, row.type_id)).map(toRegisterDef);
    const page = await devicePage(this.db, row.type_id, box?.firmware ?? null, defs);
    const reach = reachOrNone(reaches, row.id);
    // A device whose data a sub-manager below hid: its page says so, with no values (docs/people.md).
    const state = reach.data ? this.ingest.device(row.id) : undefined;
    return {
      ...this.live(summary(row, lang)),
      ...(faults.get(row.id) ?? { activeFaults: [], moreFaults: 0 }),
      reach,
      latest: { ts: state?.latestTs ?? null, values: state ? readable(rights, row.type_id, valuesRecord(state.latest)) : {} },
      canEdit: granted.has('device.update'),
      canWrite: granted.has('device.write'),
      canSwitch: granted.has('device.switch'),
      template: {
        noRead: defs.filter((d) => !rights.canRead(row.type_id, d.number)).map((d) => d.number),
        noWrite: defs.filter((d) => d.writable && !rights.canWrite(row.type_id, d.number, d.operating === true)).map((d) => d.number),
      },
      transitions: transitions.map((t) => ({ time: t.time, from: t.from_status as DeviceStatus, to: t.to_status as DeviceStatus })),
      charts: chartsOf(type?.charts ?? null, controllerKind(row.type_kind)),
      page,
    };
  }

  async series(
    auth: AuthContext,
    boxId: number,
    controller: number,
    q: { registers: number[]; from: number; to: number; points: number },
  ): Promise<SeriesResult> {
    const row = await requireDevice(this.db, auth, boxId, controller, 'device.data');
    // Registers the user's template does not let them read are left out of the chart; when none is left, the
    // answer is the refusal the k-line gives, naming the first.
    const [rights, { version, eras }] = await Promise.all([
      registerRights(this.db, auth),
      mapsToRead(this.db, row.type_id, q.from, q.to, row.type_version),
    ]);
    const registers = q.registers.filter((r) => rights.canRead(row.type_id, r));
    const denied = q.registers.find((r) => !rights.canRead(row.type_id, r));
    if (registers.length === 0 && denied !== undefined)
      throw new AppError(Code.FORBIDDEN, 'error.noRegisterReadRight', { register: denied });
    const device = { id: row.id, typeId: row.type_id, version, current: this.ingest.device(row.id)?.type?.registers };
    return readChartSeries(this.db, device, registers, eras, q, this.charts.now(), this.charts.retention);
  }

  async faultRecords(auth: AuthContext, boxId: number, controller: number): Promise<FaultRecord[]> {
    const row = await requireDevice(this.db, auth, boxId, controller, 'device.data');
    return (await repo.faultRecords(this.db, await faultLens(this.db, auth), row.id, 200)).map(toFaultRecord);
  }

  /**
   * Writes one register: the user's right over the device, then the register map (writable, range, decimals),
   * then down to the box and back. Every attempt that reaches the box is in the operation log with its outcome.
   */
  async write(
    auth: AuthContext,
    boxId: number,
    controller: number,
    register: number,
    value: number,
    ip: string,
    lang: Language,
  ): Promise<WriteResult> {
    const row = await this.require(auth, boxId, controller);
    const device = this.ingest.device(row.id);
    const def = device?.type?.registers.get(register);
    if (!device || !def) throw new AppError(Code.VALIDATION_FAILED, 'error.registerUnknown', { register });
    // A register of the switch role (start/stop, on/off) needs only the switch right; every other the full write right.
    const permission = def.role === 'switch' ? 'device.switch' : 'device.write';
    await requireAccess(this.db, { auth, permission, ids: [row.id] });
    // The user's permission template decides which registers they may write (docs/people.md).
    if (def.writable && !(await registerRights(this.db, auth)).canWrite(row.type_id, register, def.operating === true))
      throw new AppError(Code.FORBIDDEN, 'error.noRegisterWriteRight', { register: def.name[lang] || String(register) });
    const words = writeWords(def, register, value);
    const oldRaw = registerRawIn(def, device.latest);
    const oldValue = oldRaw === undefined ? null : engineeringValue(def, oldRaw);
    const result = await this.ingest.write(device, register, words);
    // A secret's value (an unlock password) is not logged: that it was written, and how it went, is.
    const secret = SECRET_REGISTER_KEYS.includes(def.key);
    await this.audit.record({
      user: auth.user,
      action: 'device.write',
      target: `${boxId}/${controller} #${register} ${def.key}`,
      oldValue: oldValue === null || secret ? null : String(oldValue),
      newValue: `${secret ? '••••••' : value} (${result.outcome}${result.reason ? `: ${result.reason}` : ''})`,
      outcome: result.outcome === 'acknowledged' ? 'ok' : 'failed',
      ip,
    });
    return { id: result.id, outcome: result.outcome, reason: result.reason, oldValue, newValue: value };
  }
}

/**
 * The words a value of a register is written as, or the refusal: the register must be writable, the value a whole
 * number of its decimals, an option of an enum, within the map's range and what the words can hold (the raw value:
 * controller-types/values.ts). A single write and a batch's preview check a value by this one rule.
 */
export function writeWords(def: RegisterDef, register: number, value: number): number[] {
  if (!def.writable) throw new AppError(Code.VALIDATION_FAILED, 'error.registerNotWritable', { register });
  const scale = 10 ** def.decimals;
  if (Math.abs(Math.round(value * scale) - value * scale) > 1e-6)
    throw new AppError(Code.VALIDATION_FAILED, 'error.registerDecimals', { decimals: def.decimals });
  const raw = rawFromEngineering(def, value);
  if (def.format === 'enum' && def.options && !(String(raw) in def.options))
    throw new AppError(Code.VALIDATION_FAILED, 'error.registerOption');
  const { min, max } = writeRange(def);
  const words = wordsFromRaw(def, raw);
  if (value < min || value > max || !words) throw new AppError(Code.VALIDATION_FAILED, 'error.registerOutOfRange', { min, max });
  return [...words];
}
