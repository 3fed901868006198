import { BOX_ID_MAX, DEVICE_SEARCH_COUNT_CAP, type DeviceInfoBody, type DeviceSort, type SpecificStatus } from '@dms/contract';
import { SqliteAdapter, sql, type RawBuilder, type SelectQueryBuilder, type Updateable } from 'kysely';
import { faultsSeenBy, inScope, type FaultLens } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { indexFirst, planSearch, REACH_WALKED, readMatches, searched, type SearchPlan } from './search.js';

export interface DeviceListFilter {
  /** null: every device (root, admin). */
  userId: number | null;
  statuses?: SpecificStatus[] | undefined;
  boxId?: number | undefined;
  /** Search text (already trimmed, non-empty): see `searched`. */
  q?: string | undefined;
}

export interface DeviceListPage {
  sort: DeviceSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** What a device row carries for DeviceSummary (devices d ⋈ boxes b ⋈ users u ⟕ controller_types t). */
export const DEVICE_COLUMNS = [
  'd.id',
  'd.box_id',
  'd.controller',
  'd.type_id',
  'd.type_code',
  't.name as type_name',
  't.version as type_version',
  't.kind as type_kind',
  'u.username as owner',
  'b.company_name',
  'd.status',
  'd.fault',
  'd.alert',
  'd.last_seen',
  'd.company',
  'd.station_no',
  'd.model',
  'd.remark',
  'd.iot_module',
  'd.iot_model',
  'd.iot_card',
  'd.install_date',
  'd.expiry_date',
  'd.province',
  'd.city',
  'd.area',
  'd.street',
  'd.contact',
  'd.phone',
  'd.lng',
  'd.lat',
] as const;

const SORT_COLUMNS = {
  boxId: 'd.box_id',
  company: 'd.company',
  stationNo: 'd.station_no',
  model: 'd.model',
  status: 'd.status',
  lastSeen: 'd.last_seen',
  installDate: 'd.install_date',
  expiryDate: 'd.expiry_date',
} as const satisfies Record<DeviceSort, string>;

/** The [low, high] box id ranges whose decimal form starts with `digits` (one per length up to BOX_ID_MAX's). */
export function boxIdPrefixRanges(digits: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const base = Number(digits);
  if (digits.startsWith('0') || !Number.isSafeInteger(base) || base > BOX_ID_MAX) return ranges;
  for (let scale = 1; base * scale <= BOX_ID_MAX; scale *= 10) {
    const low = Math.max(1, base * scale);
    const high = Math.min(BOX_ID_MAX, (base + 1) * scale - 1);
    if (low <= high) ranges.push([low, high]);
  }
  return ranges;
}

/**
 * The filter's devices (`devices as d`). With `fromIndex`, an SQLite search that reads the index (not a small reach's
 * texts) is the query's first table: what counts its first matches reads only those.
 */
function scoped(db: Db, f: DeviceListFilter, search: SearchPlan | null, fromIndex = false) {
  const first = fromIndex && search?.dialect === 'sqlite' && search.by !== 'text' && !search.ids;
  let q = first ? indexFirst(db, search.match) : db.selectFrom('devices as d');
  q = q.where(inScope(f.userId));
  if (f.statuses) q = q.where('d.status', 'in', f.statuses);
  if (f.boxId !== undefined) q = q.where('d.box_id', '=', f.boxId);
  if (search && !first) q = q.where(searched(search));
  return q;
}

/**
 * How many of the filter's devices a search finds, counted up to `cap` (DEVICE_SEARCH_COUNT_CAP): `capped` when
 * there are more, and `total` is then the cap. The first `cap + 1` matches are read, in no order: PostgreSQL walks the
 * table for a common text and asks its index for a rare one; SQLite reads them from its index.
 */
async function countFound(db: Db, f: DeviceListFilter, search: SearchPlan, cap: number): Promise<{ total: number; capped: boolean }> {
  const { n } = await db
    .selectFrom(
      scoped(db, f, search, true)
        .select('d.id')
        .limit(cap + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const found = Number(n);
  return { total: Math.min(found, cap), capped: found > cap };
}

/** What a search's total counts up to on a page ending at row `end`: the next multiple of the cap past it. */
export function searchCountCap(end: number): number {
  return DEVICE_SEARCH_COUNT_CAP * (Math.floor(end / DEVICE_SEARCH_COUNT_CAP) + 1);
}

/** Devices with their box, owner and type: the columns of a DeviceSummary. */
function summaries(db: Db) {
  return db
    .selectFrom('devices as d')
    .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .leftJoin('controller_types as t', 't.id', 'd.type_id')
    .select(DEVICE_COLUMNS);
}

/** The rows of the given device ids, joined for DeviceSummary, in the order of `ids`. */
async function rowsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await summaries(db).where('d.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * One page of the list: the ids are chosen on the devices table alone (its indexes serve the filter and the sort,
 * tie-broken by box id and controller in the same direction), and only that page is joined for its columns. A
 * search's total is counted up to `searchCountCap` of the page's end (`countFound`), but a small reach's exactly.
 */
export async function listDevices(db: Db, f: DeviceListFilter, p: DeviceListPage) {
  const search = await planSearch(db, f.q, f.userId);
  if (search?.by === 'text') {
    // A small reach's matches are found by reading each of its texts: once, in list order, for the page and the total.
    const all = await listIds(db, f, { ...p, offset: 0, limit: REACH_WALKED + 1 }, search);
    return { total: all.length, capped: false, items: await rowsOf(db, all.slice(p.offset, p.offset + p.limit)) };
  }
  const [found, ids] = await Promise.all([
    search
      ? countFound(db, f, search, searchCountCap(p.offset + p.limit))
      : countDevices(db, f, null).then((total) => ({ total, capped: false })),
    listIds(db, f, p, search),
  ]);
  return { ...found, items: await rowsOf(db, ids) };
}

/** Every device of the filter in list order, `chunk` at a time (exports). */
export async function* allDevices(db: Db, f: DeviceListFilter, sort: DeviceSort, order: 'asc' | 'desc', chunk = 1000) {
  // Every match is read here, chunk after chunk: walking the list from its start for each chunk would check each
  // device again and again.
  const search = await readMatches(db, f.q, f.userId);
  for (let offset = 0; ; offset += chunk) {
    const page = await listIds(db, f, { sort, order, offset, limit: chunk }, search);
    if (page.length > 0) yield await rowsOf(db, page);
    if (page.length < chunk) return;
  }
}

/** The list's order (`sort`, then box id and controller in the same direction) and its page. */
function ordered<Q extends SelectQueryBuilder<Database & { d: Database['devices'] }, 'd', object>>(q: Q, p: DeviceListPage): Q {
  const sorted = p.sort === 'boxId' ? q : q.orderBy(SORT_COLUMNS[p.sort], p.order);
  return sorted.orderBy('d.box_id', p.order).orderBy('d.controller', p.order).offset(p.offset).limit(p.limit) as Q;
}

async function listIds(db: Db, f: DeviceListFilter, p: DeviceListPage, search: SearchPlan | null): Promise<number[]> {
  const rows = await ordered(scoped(db, f, search).select('d.id'), p).execute();
  return rows.map((r) => r.id);
}

/** The search a count was given, else the one that reads every match of the filter's text. */
async function everyMatch(db: Db, f: DeviceListFilter, plan: SearchPlan | null | undefined): Promise<SearchPlan | null> {
  return plan === undefined ? readMatches(db, f.q, f.userId) : plan;
}

/** How many devices the filter has, exactly (exports): a search's every match is read. */
export async function countDevices(db: Db, f: DeviceListFilter, plan?: SearchPlan | null): Promise<number> {
  const search = await everyMatch(db, f, plan);
  const { total } = await scoped(db, f, search)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** How many of the filter's devices are in each status, exactly. */
export async function countByStatus(db: Db, f: DeviceListFilter, plan?: SearchPlan | null): Promise<Map<string, number>> {
  const search = await everyMatch(db, f, plan);
  const rows = await scoped(db, f, search)
    .select(['d.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('d.status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * The quick filters of a search: how many of its first DEVICE_SEARCH_COUNT_CAP + 1 matches are in each status, which
 * are every match unless `capped`.
 */
export async function countFoundByStatus(
  db: Db,
  f: DeviceListFilter & { q: string },
): Promise<{ byStatus: Map<string, number>; capped: boolean }> {
  const search = await planSearch(db, f.q, f.userId);
  // A small reach's texts are each read anyway: counted exactly, as its list is.
  if (!search || search.by === 'text') return { byStatus: await countByStatus(db, f, search), capped: false };
  const rows = await db
    .selectFrom(
      scoped(db, f, search, true)
        .select('d.status')
        .limit(DEVICE_SEARCH_COUNT_CAP + 1)
        .as('m'),
    )
    .select(['m.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('m.status')
    .execute();
  const found = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return { byStatus: new Map(rows.map((r) => [r.status, Number(r.n)])), capped: found > DEVICE_SEARCH_COUNT_CAP };
}

export type DeviceListRow = Awaited<ReturnType<typeof rowsOf>>[number];

/** The column of each field of DeviceInfoBody. */
export const INFO_COLUMNS = {
  company: 'company',
  stationNo: 'station_no',
  model: 'model',
  remark: 'remark',
  iotModule: 'iot_module',
  iotModel: 'iot_model',
  iotCard: 'iot_card',
  installDate: 'install_date',
  expiryDate: 'expiry_date',
  province: 'province',
  city: 'city',
  area: 'area',
  street: 'street',
  contact: 'contact',
  phone: 'phone',
  lng: 'lng',
  lat: 'lat',
} as const satisfies Record<keyof DeviceInfoBody, keyof Database['devices']>;
export type DeviceInfoUpdate = Updateable<Database['devices']>;

export async function updateDeviceInfo(db: Db, id: number, set: DeviceInfoUpdate): Promise<void> {
  await db.updateTable('devices').set(set).where('id', '=', id).execute();
}

export function findDevice(db: Db, boxId: number, controller: number) {
  return summaries(db).where('d.box_id', '=', boxId).where('d.controller', '=', controller).executeTakeFirst();
}

export function recentTransitions(db: Db, deviceId: number, limit: number) {
  return db
    .selectFrom('device_status_log')
    .select(['time', 'from_status', 'to_status'])
    .where('device_id', '=', deviceId)
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function faultRecords(db: Db, lens: FaultLens, deviceId: number, limit: number) {
  return db
    .selectFrom('fault_records as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .select(['f.id', 'f.kind', 'f.register', 'f.bit', 'f.started_at', 'f.ended_at'])
    .where('f.device_id', '=', deviceId)
    .where(faultsSeenBy(lens))
    .orderBy('f.started_at', 'desc')
    .limit(limit)
    .execute();
}

/** The first snapshot of a device in [from, to), if any. */
export function firstSnapshot(db: Db, deviceId: number, from: number, to: number) {
  return db
    .selectFrom('history')
    .select('vals')
    .where('device_id', '=', deviceId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .limit(1)
    .executeTakeFirst();
}

/**
 * SQL for one register's text in the window's string (see registerWindow): its raw word as 4 hex digits, '' when
 * the snapshot lacks it, or '*' and the whole snapshot in hex when its two bytes first occur elsewhere than at a
 * register's place. `guess` is the 1-based byte where the register sat in a sample snapshot (0: not there): most
 * snapshots of a device share one layout, so checking two bytes there is the usual path, and the byte search of the
 * blob only runs for snapshots laid out otherwise.
 */
function cell(sqlite: boolean, register: number, guess: number): RawBuilder<string> {
  const key = () =>
    sqlite ? sql`${Buffer.from([register >> 8, register & 0xff])}` : sql`${Buffer.from([register >> 8, register & 0xff])}::bytea`;
  const hex = (e: RawBuilder<unknown>) => (sqlite ? sql`hex(${e})` : sql`encode(${e}, 'hex')`);
  const part = (from: RawBuilder<unknown>, length: number) =>
    sqlite ? sql`substr(vals, ${from}, ${sql.lit(length)})` : sql`substring(vals from ${from} for ${sql.lit(length)})`;
  const at = () => (sqlite ? sql`instr(vals, ${key()})` : sql`position(${key()} in vals)`);
  const searched = sql<string>`case when ${at()} = 0 then '' when (${at()} - 1) % 4 = 0 then ${hex(part(sql`${at()} + 2`, 2))} else '*' || ${hex(sql`vals`)} end`;
  if (guess <= 0) return searched;
  return sql<string>`case when ${part(sql.lit(guess), 2)} = ${key()} then ${hex(part(sql.lit(guess + 2), 2))} else ${searched} end`;
}

/**
 * Some registers of a device over [from, to) as a single string: `ts:v0:v1,ts:v0:v1,...`, each v a register's text
 * (see `cell`), null when the range is empty. The database finds the register in each blob and cuts out its value,
 * so only a few bytes per snapshot, in one string per window, reach JavaScript: reading a row object and a Buffer per
 * snapshot was the cost of a long chart.
 */
export async function registerWindow(
  db: Db,
  deviceId: number,
  registers: readonly number[],
  guesses: readonly number[],
  from: number,
  to: number,
): Promise<string | null> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const cells = sql.join(
    registers.map((r, i) => sql`':' || ${cell(sqlite, r, guesses[i] ?? 0)}`),
    sql` || `,
  );
  const range = sql`from history where device_id = ${deviceId} and ts >= ${from} and ts < ${to}`;
  const query = sqlite
    ? sql<{ s: string | null }>`select group_concat(ts || ${cells}, ',') as s ${range}`
    : sql<{ s: string | null }>`select string_agg(ts::text || ${cells}, ',') as s ${range}`;
  const { rows } = await query.execute(db);
  return rows[0]?.s ?? null;
}

/**
 * The open fault records (active faults and alerts) of the given devices, newest first, at most `limit` per device,
 * each with how many its device has open in all (`total`) and its register's bit names (JSON RegisterBit[], from the
 * device type's register map; null when the map lacks the register). One query for a page of devices.
 */
export async function openFaults(db: Db, lens: FaultLens, deviceIds: readonly number[], limit: number) {
  if (deviceIds.length === 0) return [];
  const ranked = db
    .selectFrom('fault_records as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .leftJoin('controller_registers as r', (j) => j.onRef('r.type_id', '=', 'd.type_id').onRef('r.number', '=', 'f.register'))
    .select([
      'f.device_id',
      'f.kind',
      'f.register',
      'f.bit',
      'f.started_at',
      'r.bits',
      sql<number>`cast(row_number() over (partition by f.device_id order by f.started_at desc, f.id desc) as integer)`.as('rank'),
      sql<number>`cast(count(*) over (partition by f.device_id) as integer)`.as('total'),
    ])
    .where('f.device_id', 'in', [...deviceIds])
    .where('f.ended_at', 'is', null)
    .where(faultsSeenBy(lens));
  return db.selectFrom(ranked.as('x')).selectAll().where('x.rank', '<=', limit).orderBy('x.device_id').orderBy('x.rank').execute();
}

/**
 * The fault records of these devices that could have been active at some time between `from` and `to` (started by
 * `to`, not ended by `from`), newest first, with their register's bits for the names.
 */
export async function faultsBetween(db: Db, lens: FaultLens, deviceIds: readonly number[], from: number, to: number) {
  if (deviceIds.length === 0) return [];
  return db
    .selectFrom('fault_records as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .leftJoin('controller_registers as r', (j) => j.onRef('r.type_id', '=', 'd.type_id').onRef('r.number', '=', 'f.register'))
    .select(['f.device_id', 'f.kind', 'f.register', 'f.bit', 'f.started_at', 'f.ended_at', 'r.bits'])
    .where('f.device_id', 'in', [...deviceIds])
    .where('f.started_at', '<=', to)
    .where((w) => w.or([w('f.ended_at', 'is', null), w('f.ended_at', '>', from)]))
    .where(faultsSeenBy(lens))
    .orderBy('f.started_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
}
