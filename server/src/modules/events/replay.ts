import {
  Code,
  conditionRegisters,
  engineeringValue,
  primaryLeaf,
  rateWindowMs,
  readsOffline,
  registerRawIn,
  replayer,
  type ReplayResult,
  type RuleInput,
  type Sample,
} from '@dms/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { decodeValues } from '../../ingest/codec.js';
import { historyChunk } from '../history/repository.js';
import type { EventRuleService } from './service.js';

/** Most snapshots one test reads (the rest of the window is left, and the answer says so). */
export const MAX_REPLAY_SAMPLES = 200_000;
/** Most points of the chart's series. */
const SERIES_POINTS = 2000;
const CHUNK = 5000;

/**
 * Test against history (/events/events-add): the rule as built runs over one device's stored snapshots of the window,
 * oldest first, through the same engine as ingest (engine.ts `replay`), each snapshot read with the type's map in use.
 * A condition on the offline time is refused: stored values do not say when the box was away.
 */
export async function replayRule(
  db: Db,
  rules: EventRuleService,
  body: { rule: RuleInput; deviceId: number; from: number; to: number },
): Promise<ReplayResult> {
  const { rule } = body;
  if (readsOffline(rule.condition) || (rule.clear && readsOffline(rule.clear)))
    throw new AppError(Code.VALIDATION_FAILED, 'error.eventRuleReplayOffline');
  const type = await rules.check(rule);
  const device = await db.selectFrom('devices').select(['id', 'type_id']).where('id', '=', body.deviceId).executeTakeFirst();
  if (!device || device.type_id !== rule.typeId) throw new AppError(Code.VALIDATION_FAILED, 'error.eventRuleReplayDevice');
  const defs = new Map(type.registers.map((r) => [r.number, r]));
  const windowMs = Math.max(rateWindowMs(rule.condition), rule.clear ? rateWindowMs(rule.clear) : 0);
  const rated = new Set(windowMs > 0 ? [rule.condition, ...(rule.clear ? [rule.clear] : [])].flatMap(conditionRegisters) : []);
  const primary = primaryLeaf(rule.condition);
  const latest = new Map<number, number>();
  const recent = new Map<number, Array<[number, number]>>();
  const points: Array<[number, number]> = [];
  let samples = 0;
  let truncated = false;

  const valueOf = (register: number): number | undefined => {
    const def = defs.get(register);
    const raw = def ? registerRawIn(def, latest) : undefined;
    return def && raw !== undefined ? engineeringValue(def, raw) : undefined;
  };
  async function* snapshots(): AsyncGenerator<Sample> {
    let cursor: number | null = null;
    for (;;) {
      const rows = await historyChunk(db, body.deviceId, body.from, body.to, 'asc', cursor, CHUNK);
      for (const row of rows) {
        if (samples >= MAX_REPLAY_SAMPLES) {
          truncated = true;
          return;
        }
        samples += 1;
        const ts = row.ts;
        for (const [a, w] of decodeValues(row.vals)) latest.set(a, w);
        for (const register of rated) {
          const v = valueOf(register);
          if (v === undefined) continue;
          const list = recent.get(register) ?? [];
          list.push([ts, v]);
          while (list.length > 1 && (list[0]?.[0] ?? ts) < ts - windowMs) list.shift();
          recent.set(register, list);
        }
        if (primary) {
          const v = valueOf(primary.register);
          if (v !== undefined) points.push([ts, v]);
        }
        yield {
          ts,
          value: valueOf,
          raw: (register) => {
            const def = defs.get(register);
            return def ? registerRawIn(def, latest) : undefined;
          },
          range: (register, within) => {
            const list = recent.get(register);
            if (!list || list.length === 0) return undefined;
            let min = Infinity;
            let max = -Infinity;
            for (const [at, v] of list) {
              if (at < ts - within) continue;
              min = Math.min(min, v);
              max = Math.max(max, v);
            }
            return min <= max ? { min, max } : undefined;
          },
          offlineMs: 0,
        };
      }
      const last = rows.at(-1);
      if (rows.length < CHUNK || !last) return;
      cursor = last.ts;
    }
  }
  // Each sample's accessors read the values as of that snapshot, so it is judged as it is read.
  const run = replayer(rule);
  for await (const s of snapshots()) run.push(s);
  return { samples, truncated, events: run.events, series: thin(points) };
}

/** At most SERIES_POINTS points, evenly spread (first and last kept). */
function thin(points: Array<[number, number]>): Array<[number, number]> {
  if (points.length <= SERIES_POINTS) return points;
  const step = (points.length - 1) / (SERIES_POINTS - 1);
  return Array.from({ length: SERIES_POINTS }, (_, i) => points[Math.round(i * step)] ?? [0, 0]);
}
