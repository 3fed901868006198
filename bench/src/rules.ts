import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  IDLE,
  step as judge,
  type ControllerTypeDetail,
  type ControllerTypeSummary,
  type RuleBody,
  type RuleCondition,
  type RuleDefinition,
  type RuleLeaf,
  type Sample,
} from '@dms/contract';
import { api, step } from './ingest.js';
import { round, signIn } from './measure.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * `npm run bench -- rules`: the cost of event rules in the ingest path (issue 21). The built server in its own process
 * (SQLite, embedded broker) and the simulator in another: BENCH_RULE_BOXES boxes (default 5,000) × 2 controllers =
 * 10,000 devices reporting every BENCH_RULE_INTERVAL s (default 4: 2,500 device snapshots/s of ~52 values, about 129,000 values/s, above the ingest bench's best measured rate), measured
 * for BENCH_STEP_S s after a warm-up: a first step fills the database, then one without rules, one with 200 enabled
 * rules on the fleet's three types (compare, band, bit, rate of change, AND and OR; none fires, so every snapshot of
 * every device is judged by all its type's rules and nothing is written), and one without them again (deleted).
 * Figures: values/s stored and server CPU µs per value in each, and the ratios against the mean of the two without. Then, in this process, the engine alone (contract/events/engine.ts `step`): ns per rule judged per sample.
 */
const BOXES = Number(process.env.BENCH_RULE_BOXES ?? 5000);
const INTERVAL = Number(process.env.BENCH_RULE_INTERVAL ?? 4);
const RULES = 200;

/** A call as root; answers the envelope's data (an id, for a rule made). */
async function send(server: RunningServer, token: string, method: 'POST' | 'DELETE', url: string, body?: unknown): Promise<number> {
  const res = await fetch(`${server.url}/api/v2${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { code: number; message: string; data: { id?: number } | null };
  if (answer.code !== 20000) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data?.id ?? 0;
}

const post = (server: RunningServer, token: string, url: string, body: unknown) => send(server, token, 'POST', url, body);

/** The i-th rule's condition on a type's registers: ten kinds in turn, none of which a simulated device meets. */
function conditionOf(i: number, numbers: readonly number[]): RuleCondition {
  const r = (k: number) => numbers[(i * 7 + k) % numbers.length] ?? 0;
  const compare: RuleLeaf = { kind: 'compare', register: r(0), op: '>', value: 1_000_000 };
  const band: RuleLeaf = { kind: 'band', register: r(1), inside: false, low: -1_000_000, high: 1_000_000 };
  const rate: RuleLeaf = { kind: 'rate', register: r(2), direction: 'rise', amount: 1_000_000, windowS: 60 };
  switch (i % 10) {
    case 4:
    case 5:
      return band;
    case 6:
      return { kind: 'bit', register: r(3), bit: 31, set: true };
    case 7:
      return rate;
    case 8:
      return { kind: 'all', conditions: [compare, band] };
    case 9:
      return { kind: 'any', conditions: [compare, rate] };
    default:
      return compare;
  }
}

/** ns per rule judged on a sample, by the engine alone, for a condition of each kind. */
function engineNs(): Record<string, number> {
  const values = new Map<number, number>([[1, 50]]);
  const sample = (ts: number): Sample => ({
    ts,
    value: (register) => values.get(register),
    raw: (register) => values.get(register),
    range: () => ({ min: 49, max: 51 }),
    offlineMs: 0,
  });
  const timing = { durationS: 10, hysteresis: 1, debounceS: 0 };
  const kinds: Record<string, RuleCondition> = {
    compare: conditionOf(0, [1]),
    band: conditionOf(4, [1]),
    bit: conditionOf(6, [1]),
    rate: conditionOf(7, [1]),
    and: conditionOf(8, [1]),
    or: conditionOf(9, [1]),
  };
  const out: Record<string, number> = {};
  const N = 1_000_000;
  for (const [name, condition] of Object.entries(kinds)) {
    const rule: RuleDefinition = { ...timing, condition };
    let state = IDLE;
    const samples = Array.from({ length: 1000 }, (_, k) => sample(k + 1));
    for (let k = 0; k < 100_000; k++) state = judge(rule, state, samples[k % 1000] ?? sample(k)).state; // warm-up
    state = IDLE;
    const started = process.hrtime.bigint();
    for (let k = 0; k < N; k++) state = judge(rule, state, samples[k % 1000] ?? sample(k)).state;
    out[name] = round(Number(process.hrtime.bigint() - started) / N, 1);
  }
  return out;
}

export async function benchRules(): Promise<Record<string, unknown>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-rules-'));
  const credentials = path.join(work, 'fleet.json');
  const server = await startServer({ BOX_RATE_LIMIT: '1000', LOGIN_LIMIT_PER_ADDRESS: '100000' });
  try {
    const token = await signIn(server, 'demo_root');
    // A first step fills the database (its writes cost more as it grows): the steps measured come after it, and the
    // step without rules is measured before and after the one with them.
    await step(server, token, BOXES, INTERVAL, 700_001, credentials);
    const before = await step(server, token, BOXES, INTERVAL, 700_001, credentials);
    process.stderr.write(`rules bench, no rule: ${JSON.stringify(before)}\n`);

    const types = await api<ControllerTypeSummary[]>(server, token, '/controller-types');
    const maps = await Promise.all(types.map((t) => api<ControllerTypeDetail>(server, token, `/controller-types/${t.id}`)));
    const ids: number[] = [];
    for (let i = 0; i < RULES; i++) {
      const type = maps[i % maps.length];
      if (!type) continue;
      const numbers = type.registers.filter((r) => r.format === 'number' && r.words !== 2).map((r) => r.number);
      const rule: RuleBody = {
        name: `Bench rule ${i + 1}`,
        typeId: type.id,
        condition: conditionOf(i, numbers),
        durationS: 10,
        hysteresis: 1,
        debounceS: 0,
        severity: 'info',
        text: { en: '{device}', zh: '{device}', es: '{device}', ja: '{device}' },
        enabled: true,
      };
      ids.push(await post(server, token, '/events/rules', rule));
    }
    const withRules = await step(server, token, BOXES, INTERVAL, 700_001, credentials);
    process.stderr.write(`rules bench, ${RULES} rules: ${JSON.stringify(withRules)}\n`);
    for (const id of ids) await send(server, token, 'DELETE', `/events/rules/${id}`);
    const after = await step(server, token, BOXES, INTERVAL, 700_001, credentials);
    process.stderr.write(`rules bench, no rule again: ${JSON.stringify(after)}\n`);
    const without = {
      valuesPerS: round((before.valuesPerS + after.valuesPerS) / 2, 0),
      cpuMicrosPerValue: round((before.cpuMicrosPerValue + after.cpuMicrosPerValue) / 2, 2),
    };
    return {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, SQLite`,
      devices: BOXES * 2,
      reportEveryS: INTERVAL,
      rules: RULES,
      withoutBefore: before,
      withRules,
      withoutAfter: after,
      storedRateKept: round(withRules.valuesPerS / without.valuesPerS, 3),
      cpuPerValueRatio: round(withRules.cpuMicrosPerValue / without.cpuMicrosPerValue, 3),
      rulesMicrosPerValue: round(withRules.cpuMicrosPerValue - without.cpuMicrosPerValue, 2),
      engineNsPerRuleJudged: engineNs(),
    };
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
