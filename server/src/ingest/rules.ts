import {
  conditionHolds,
  conditionRegisters,
  engineeringValue,
  IDLE,
  rateWindowMs,
  readsOffline,
  registerRawIn,
  step,
  type RuleInput,
  type RuleState,
  type Sample,
} from '@dms/contract';
import type { ConditionTracker } from './conditions.js';
import type { IngestContext } from './context.js';
import * as store from './rule-store.js';
import type { DeviceState } from './state.js';

/** A rule ready to judge: its targets as sets, and what its condition reads. */
interface LiveRule {
  id: number;
  version: number;
  typeId: number;
  definition: RuleInput;
  devices: Set<number> | null;
  cks: Set<string> | null;
  /** Judged by the clock (it reads the offline time), not by samples. */
  clocked: boolean;
  /** Registers whose recent values a rate condition reads, and how far back (ms). */
  rateRegisters: number[];
  windowMs: number;
}

/** The stored id of an event in progress: set once its insert (queued) has run; copies of a state share it. */
interface EventRef {
  id: number | null;
}

interface Tracked extends RuleState {
  event: EventRef | null;
  /** The rule version it was judged by: a state of another version is dropped when the rules are read again. */
  version: number;
}

/** Where a rule without a state stands (read only: a step answers a new state). */
const IDLE_TRACKED: Tracked = { ...IDLE, event: null, version: 0 };

/**
 * Event rules in the ingest path (issue 21; docs/events.md): each enabled rule judged on each new sample of each
 * device of its type (engine.ts `step`), rules that read the offline time on a sweep of the clock. A move of the
 * machine is written in the ordered state queue (a start: the event and its state in one transaction), and the
 * snapshot that made it is acknowledged only after that write (`judge` answers true, the store waits for the
 * queue). Events in progress feed the device's fault and alert (conditions.ts) and go out as `ruleEvent`.
 */
export class RuleTracker {
  private byType = new Map<number, LiveRule[]>();
  /** device → rule → where the rule stands for the device; idle is no entry. */
  private readonly states = new Map<number, Map<number, Tracked>>();
  /** device → register → [ts, value] within the longest rate window its rules read. */
  private readonly recent = new Map<number, Map<number, Array<[number, number]>>>();
  /** Each device's last judged sample time: a later sample is judged, an earlier or equal one is not. */
  private readonly judged = new Map<number, number>();
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: IngestContext,
    private readonly conditions: ConditionTracker,
    private readonly sweepMs: number,
  ) {}

  /** Loads the enabled rules and the engine's persisted states (after the registry is restored). */
  async start(): Promise<void> {
    await this.reload();
    this.sweepTimer = setInterval(() => {
      this.sweep(this.ctx.now());
    }, this.sweepMs);
    this.sweepTimer.unref();
  }

  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }

  /**
   * Reads the rules again (at start and when one changed): states of a rule turned off, deleted or saved as a new
   * version are dropped, and their events in progress end now (the rule's service ended the stored ones already; this
   * ends any still in the queue). States of the rules as they are stay where they were.
   */
  async reload(): Promise<void> {
    const rules = await store.enabledRules(this.ctx.db);
    const live = new Map<number, LiveRule>(rules.map((r) => [r.id, compile(r)]));
    const byType = new Map<number, LiveRule[]>();
    for (const r of live.values()) byType.set(r.typeId, [...(byType.get(r.typeId) ?? []), r]);
    this.byType = byType;
    const persisted = await store.allStates(this.ctx.db);
    const stale: Array<{ ruleId: number; deviceId: number }> = [];
    for (const p of persisted) {
      if (live.get(p.ruleId)?.version !== p.version) stale.push({ ruleId: p.ruleId, deviceId: p.deviceId });
      else if (!this.stateOf(p.deviceId, p.ruleId))
        this.setState(p.deviceId, p.ruleId, { ...p, event: p.eventId === null ? null : { id: p.eventId } });
    }
    if (stale.length > 0) this.ctx.later(() => store.dropStates(this.ctx.db, stale));
    const now = this.ctx.now();
    const touched = new Set<DeviceState>();
    for (const [deviceId, byRule] of this.states)
      for (const [ruleId, s] of byRule) {
        const device = this.ctx.registry.device(deviceId);
        const rule = live.get(ruleId);
        if (rule?.version === s.version) {
          if (s.phase === 'active' && device) {
            device.ruleEvents.set(ruleId, rule.definition.severity);
            touched.add(device);
          }
          continue;
        }
        this.deleteState(deviceId, ruleId);
        const event = s.event;
        if (s.phase === 'active' && event) {
          const peak = s.peak;
          this.ctx.later(async () => {
            if (event.id !== null) await store.closeEvent(this.ctx.db, event.id, now, peak);
          });
        }
        if (device?.ruleEvents.delete(ruleId)) touched.add(device);
      }
    for (const device of touched) this.conditions.refresh(device, now);
  }

  /**
   * Devices whose box this instance owns from now on (cluster/ingest-router.ts): where their rules stood is read from
   * the database, as the instance that owned them last stored it. What a rate condition remembered of recent samples
   * starts again.
   */
  async adopt(deviceIds: readonly number[]): Promise<void> {
    if (deviceIds.length === 0) return;
    const persisted = await store.allStates(this.ctx.db, deviceIds);
    const versions = new Map<number, number>();
    for (const rules of this.byType.values()) for (const r of rules) versions.set(r.id, r.version);
    for (const id of deviceIds) {
      this.states.delete(id);
      this.recent.delete(id);
      this.judged.delete(id);
    }
    for (const p of persisted)
      if (versions.get(p.ruleId) === p.version)
        this.setState(p.deviceId, p.ruleId, { ...p, event: p.eventId === null ? null : { id: p.eventId } });
  }

  /**
   * Judges the rules of a device's type on its new latest values at `ts` (a sample's time). Answers whether an event
   * started or ended, so that the caller waits for the state queue before acknowledging the snapshot.
   */
  judge(device: DeviceState, ts: number, now: number): boolean {
    const rules = device.type ? this.byType.get(device.type.id) : undefined;
    if (!rules) return false;
    // A sample at or before the device's last judged one (late, repeated) moves no rule: idle rules keep no state of
    // their own to tell (docs/events.md "Exactly once").
    if (ts <= (this.judged.get(device.id) ?? Number.NEGATIVE_INFINITY)) return false;
    this.judged.set(device.id, ts);
    const applying = rules.filter((rule) => this.applies(rule, device));
    for (const rule of applying) this.remember(device, rule, ts);
    // One sample for all the device's rules: they read the same values.
    const sample = this.sample(device, ts, now);
    let moved = false;
    for (const rule of applying) if (!rule.clocked) moved = this.run(rule, device, sample) || moved;
    return moved;
  }

  /** The clock's turn: rules that read the offline time, on every device of their type, at `now`. */
  sweep(now: number): void {
    const clocked = new Map<number, LiveRule[]>();
    for (const [typeId, rules] of this.byType) {
      const these = rules.filter((r) => r.clocked);
      if (these.length > 0) clocked.set(typeId, these);
    }
    if (clocked.size === 0) return;
    // One pass over the devices, however many such rules there are.
    for (const device of this.ctx.registry.devices.values()) {
      const rules = device.type ? clocked.get(device.type.id) : undefined;
      if (!rules) continue;
      const box = this.ctx.registry.box(device.boxId);
      if (box && !this.ctx.owns(box)) continue;
      let sample: Sample | undefined;
      for (const rule of rules) {
        if (!this.applies(rule, device)) continue;
        sample ??= this.sample(device, now, now);
        this.run(rule, device, sample);
      }
    }
  }

  private stateOf(deviceId: number, ruleId: number): Tracked | undefined {
    return this.states.get(deviceId)?.get(ruleId);
  }

  private setState(deviceId: number, ruleId: number, tracked: Tracked): void {
    let byRule = this.states.get(deviceId);
    if (!byRule) this.states.set(deviceId, (byRule = new Map<number, Tracked>()));
    byRule.set(ruleId, tracked);
  }

  private deleteState(deviceId: number, ruleId: number): void {
    const byRule = this.states.get(deviceId);
    if (byRule?.delete(ruleId) && byRule.size === 0) this.states.delete(deviceId);
  }

  private applies(rule: LiveRule, device: DeviceState): boolean {
    if (rule.devices && !rule.devices.has(device.id)) return false;
    if (rule.cks) {
      const ck = this.ctx.registry.box(device.boxId)?.ck;
      if (!ck || !rule.cks.has(ck)) return false;
    }
    return true;
  }

  /** Keeps the values a rate condition looks back on. */
  private remember(device: DeviceState, rule: LiveRule, ts: number): void {
    if (rule.rateRegisters.length === 0 || !device.type) return;
    let byRegister = this.recent.get(device.id);
    if (!byRegister) this.recent.set(device.id, (byRegister = new Map<number, Array<[number, number]>>()));
    for (const register of rule.rateRegisters) {
      const def = device.type.registers.get(register);
      const raw = def ? registerRawIn(def, device.latest) : undefined;
      if (!def || raw === undefined) continue;
      let points = byRegister.get(register);
      if (!points) byRegister.set(register, (points = []));
      const last = points[points.length - 1];
      if (last && last[0] >= ts) continue;
      points.push([ts, engineeringValue(def, raw)]);
      const keepFrom = ts - rule.windowMs;
      let drop = 0;
      while (drop < points.length - 1 && (points[drop]?.[0] ?? ts) < keepFrom) drop += 1;
      if (drop > 0) points.splice(0, drop);
    }
  }

  private sample(device: DeviceState, ts: number, now: number): Sample {
    const type = device.type;
    const box = this.ctx.registry.box(device.boxId);
    const recent = this.recent.get(device.id);
    const values = new Map<number, number | undefined>();
    return {
      ts,
      raw: (register) => {
        const def = type?.registers.get(register);
        return def ? registerRawIn(def, device.latest) : undefined;
      },
      value: (register) => {
        // Each register's value is worked out once a sample, however many rules read it.
        if (values.has(register)) return values.get(register);
        const def = type?.registers.get(register);
        const raw = def ? registerRawIn(def, device.latest) : undefined;
        const value = def && raw !== undefined ? engineeringValue(def, raw) : undefined;
        values.set(register, value);
        return value;
      },
      range: (register, windowMs) => {
        const points = recent?.get(register);
        if (!points || points.length === 0) return undefined;
        let min = Infinity;
        let max = -Infinity;
        for (const [t, v] of points) {
          if (t < ts - windowMs || t > ts) continue;
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
        return min <= max ? { min, max } : undefined;
      },
      offlineMs: device.online ? 0 : box?.lastSeen == null ? undefined : Math.max(0, now - box.lastSeen),
    };
  }

  /** One step for one rule and device; writes what moved; answers whether an event started or ended. */
  private run(rule: LiveRule, device: DeviceState, sample: Sample): boolean {
    const stored = this.stateOf(device.id, rule.id);
    // Idle, and the condition does not hold (or cannot be told): nothing moves, and nothing is kept (the most common
    // case, decided without a state: the device's samples come in order, judge() sees to it).
    if (!stored && conditionHolds(rule.definition.condition, sample) !== true) return false;
    const before: Tracked = stored ?? IDLE_TRACKED;
    const { state, outcome } = step(rule.definition, before, sample);
    if (outcome === 'none') {
      // Idle is no state (as stored): a rule whose condition does not hold keeps nothing per device.
      if (state.phase === 'idle') this.deleteState(device.id, rule.id);
      else if (state !== before) this.setState(device.id, rule.id, { ...state, event: before.event, version: rule.version });
      // A new peak of an event in progress is stored at once (the log shows it; a restart keeps it).
      const event = before.event;
      if (state.phase === 'active' && event && state.peak !== before.peak && state.peak !== null) {
        const peak = state.peak;
        this.ctx.later(async () => {
          if (event.id !== null) await store.savePeak(this.ctx.db, rule.id, device.id, event.id, peak);
        });
      }
      return false;
    }
    const event: EventRef | null = outcome === 'started' ? { id: null } : outcome === 'ended' ? null : before.event;
    const tracked: Tracked = { ...state, event, version: rule.version };
    if (tracked.phase === 'idle') this.deleteState(device.id, rule.id);
    else this.setState(device.id, rule.id, tracked);
    const base = { ruleId: rule.id, deviceId: device.id, version: rule.version };
    const db = this.ctx.db;
    const now = this.ctx.now();
    const persisted = (): store.PersistedState => ({ ...base, ...state, eventId: event?.id ?? null });
    if (outcome === 'moved') {
      this.ctx.later(() => store.saveState(db, persisted()));
      return false;
    }
    const severity = rule.definition.severity;
    if (outcome === 'started' && event) {
      this.ctx.later(async () => {
        event.id = await store.startEvent(db, persisted(), severity);
        this.ctx.events.emit('ruleEvent', { device, ruleId: rule.id, eventId: event.id, phase: 'started', severity, time: state.since });
      });
      device.ruleEvents.set(rule.id, severity);
    } else {
      const endedAt = sample.ts;
      const peak = before.peak;
      const ending = before.event;
      this.ctx.later(async () => {
        if (ending?.id == null) return;
        await store.endEvent(db, rule.id, device.id, ending.id, endedAt, peak);
        this.ctx.events.emit('ruleEvent', { device, ruleId: rule.id, eventId: ending.id, phase: 'ended', severity, time: endedAt });
      });
      device.ruleEvents.delete(rule.id);
    }
    this.conditions.refresh(device, now);
    return true;
  }
}

function compile(r: store.StoredRule): LiveRule {
  const d = r.definition;
  const rateRegisters = [d.condition, ...(d.clear ? [d.clear] : [])].flatMap((c) => (rateWindowMs(c) > 0 ? conditionRegisters(c) : []));
  return {
    id: r.id,
    version: r.version,
    typeId: r.typeId,
    definition: d,
    devices: d.deviceIds.length > 0 ? new Set(d.deviceIds) : null,
    cks: d.cks.length > 0 ? new Set(d.cks) : null,
    clocked: readsOffline(d.condition) || (d.clear ? readsOffline(d.clear) : false),
    rateRegisters: [...new Set(rateRegisters)],
    windowMs: Math.max(rateWindowMs(d.condition), d.clear ? rateWindowMs(d.clear) : 0),
  };
}
