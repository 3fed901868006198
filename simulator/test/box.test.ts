import { wordAddresses } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoxOptions } from '../src/box-options.js';
import { SimBox } from '../src/box.js';
import { startFleet, type Fleet } from '../src/fleet.js';
import { loopbackAliasesWork } from '../src/transport.js';
import { startBroker, waitFor, type TestBroker } from './broker.js';

const PASSWORDS = new Map([
  [100001, 'secret-1'],
  [100002, 'secret-2'],
  [100003, 'secret-3'],
]);
const NO_INCIDENTS = { fault: 0, alert: 0, offline: 0, ipChange: 0 };
const compressor = BUILTIN_TYPES.find((t) => t.code === 'screw-compressor');
if (!compressor) throw new Error('no screw-compressor');
const registerOf = (key: string): number => compressor.registers.find((r) => r.key === key)?.number ?? -1;

let broker: TestBroker | null = null;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await broker?.close();
  broker = null;
});

async function withBroker(options: { storeDelayMs?: number } = {}): Promise<TestBroker> {
  broker = await startBroker(PASSWORDS, options);
  return broker;
}

/** A started box of the test broker; stopped after the test. */
function box(b: TestBroker, options: Partial<BoxOptions> = {}): SimBox {
  const boxId = options.boxId ?? 100001;
  const sim = new SimBox({
    boxId,
    password: PASSWORDS.get(boxId) ?? '',
    url: b.url,
    types: ['screw-compressor'],
    interval: 0.1,
    seed: 'box-test',
    rates: NO_INCIDENTS,
    loopbackAliases: false,
    trackAcks: true,
    ...options,
  });
  sim.start();
  cleanups.push(() => sim.stop());
  return sim;
}

async function fleet(b: TestBroker, options: Partial<Parameters<typeof startFleet>[0]> = {}): Promise<Fleet> {
  const f = await startFleet({
    url: b.url,
    boxes: [...PASSWORDS].map(([boxId, password]) => ({ boxId, password })),
    interval: 0.1,
    seed: 'fleet-test',
    rates: NO_INCIDENTS,
    trackAcks: true,
    ...options,
  });
  cleanups.push(() => f.stop());
  return f;
}

describe('a simulated box', () => {
  it('connects with its credentials, says hello, then reports every register of its map', async () => {
    const b = await withBroker();
    box(b);
    await waitFor('two snapshots', () => b.of(100001, 'data').length >= 2);
    const topics = b.seen.filter((s) => s.clientId === 'box-100001').map((s) => s.topic.split('/').at(-1));
    expect(topics[0]).toBe('hello');
    const hello = b.of(100001, 'hello')[0]?.json;
    expect(hello).toMatchObject({ v: 1, boxType: 'DTU-4G-A', interval: 1, controllers: [{ index: 1, type: 'screw-compressor' }] });
    expect(String(hello?.iccid)).toMatch(/^\d{20}$/);
    const [first, second] = b
      .of(100001, 'data')
      .map((d) => d.json as { v: number; seq: number; ts: number; c: Record<string, Record<string, number>> });
    expect(first?.v).toBe(1);
    expect(second?.seq).toBe((first?.seq ?? 0) + 1);
    expect(second?.ts).toBeGreaterThan(first?.ts ?? Infinity);
    const values = first?.c['1'] ?? {};
    expect(Object.keys(values).map(Number).sort()).toEqual(compressor.registers.flatMap(wordAddresses).sort());
    expect(Object.values(values).every((v) => Number.isInteger(v) && v >= 0 && v <= 65_535)).toBe(true);
    const pressure = (values[String(registerOf('discharge_pressure'))] ?? 0) / 100;
    expect(pressure).toBeGreaterThanOrEqual(0.5);
    expect(pressure).toBeLessThanOrEqual(1.0);
    expect(b.of(100001, 'event')[0]?.json).toMatchObject({ kind: 'boot' });
  });

  it('is refused with a wrong password and counts it', async () => {
    const b = await withBroker();
    const sim = box(b, { password: 'wrong' });
    await waitFor('refusal', () => sim.counters.refused > 0);
    expect(b.refused).toContain('box-100001');
    expect(sim.connected).toBe(false);
  });

  it('applies a write, acknowledges it, and the next snapshot carries the new value', async () => {
    const b = await withBroker();
    box(b);
    await waitFor('hello', () => b.of(100001, 'hello').length > 0);
    const register = registerOf('target_pressure');
    await b.send('box/100001/down/write', { v: 1, id: 'w-1', controller: 1, register, value: 93 });
    const ack = await waitFor('ack', () => b.of(100001, 'ack').find((a) => a.json.id === 'w-1'));
    expect(ack.json).toEqual({ v: 1, id: 'w-1', ok: true });
    const after = b.seen.indexOf(ack);
    const next = await waitFor('a snapshot after the ack', () => b.of(100001, 'data').find((d) => b.seen.indexOf(d) > after));
    expect((next.json.c as Record<string, Record<string, number>>)['1']?.[String(register)]).toBe(93);
  });

  it.each([
    ['a read-only register', { controller: 1, register: registerOf('discharge_pressure'), value: 70 }, 'read-only'],
    ['a register not in the map', { controller: 1, register: 41999, value: 1 }, 'read-only'],
    ['a value above the maximum', { controller: 1, register: registerOf('load_pressure'), value: 200 }, 'out-of-range'],
    ['a value below the minimum', { controller: 1, register: registerOf('unloaded_stop_delay'), value: 10 }, 'out-of-range'],
    ['an unknown enum option', { controller: 1, register: registerOf('control_mode'), value: 7 }, 'out-of-range'],
    ['an unknown controller', { controller: 5, register: registerOf('load_pressure'), value: 70 }, 'no-controller'],
  ])('rejects a write to %s', async (_, write, reason) => {
    const b = await withBroker();
    const sim = box(b);
    await waitFor('hello', () => b.of(100001, 'hello').length > 0);
    await b.send('box/100001/down/write', { v: 1, id: 'w-x', ...write });
    const ack = await waitFor('ack', () => b.of(100001, 'ack')[0]);
    expect(ack.json).toEqual({ v: 1, id: 'w-x', ok: false, reason });
    expect(sim.counters.writesAnswered).toBe(1);
  });

  it('ignores down messages it cannot read, and says so', async () => {
    const b = await withBroker();
    const warnings: string[] = [];
    box(b, { warn: (line) => warnings.push(line) });
    await waitFor('hello', () => b.of(100001, 'hello').length > 0);
    await b.send('box/100001/down/write', { v: 1, controller: 1, register: 40030, value: 70 });
    await b.send('box/100001/down/write', { v: 1, id: 'w-y', controller: 1, register: 40053, value: 1, values: [1, 2] });
    await b.send('box/100001/down/write', { v: 1, id: 'w-z', controller: 1, register: 40053, values: [1, 2, 3] });
    await b.send('box/100001/down/cmd', { v: 2, id: 'c-1', cmd: 'reboot', args: {}, expires: Date.now() + 60_000 });
    await waitFor('four warnings', () => warnings.length >= 4);
    expect(warnings).toEqual([
      'box 100001: ignored a down message: write: needs id, controller and register',
      'box 100001: ignored a down message: write: needs one word as value or two as values',
      'box 100001: ignored a down message: write: needs one word as value or two as values',
      'box 100001: ignored a down message: cmd: version 2',
    ]);
    expect(b.of(100001, 'ack')).toEqual([]);
  });

  it('drops off without DISCONNECT (the broker publishes its will) and says hello again when back', async () => {
    const b = await withBroker();
    const sim = box(b);
    await waitFor('hello', () => b.of(100001, 'hello').length > 0);
    expect(sim.goOffline(300)).toBe(true);
    const will = await waitFor('the will', () => b.of(100001, 'will')[0]);
    expect(will.json).toEqual({ v: 1, online: false });
    expect(sim.connected).toBe(false);
    await waitFor('the reconnect', () => sim.counters.connects === 2);
    await waitFor('a hello after the will', () => b.of(100001, 'hello').find((h) => b.seen.indexOf(h) > b.seen.indexOf(will)));
    // One boot (a QoS 1 message in flight at the drop is delivered again: same event, same ts).
    expect(
      new Set(
        b
          .of(100001, 'event')
          .filter((e) => e.json.kind === 'boot')
          .map((e) => e.json.ts),
      ).size,
    ).toBe(1);
    expect(sim.counters).toMatchObject({ offlineDrops: 1, connects: 2 });
  });

  it('disconnects properly when stopped: no will', async () => {
    const b = await withBroker();
    const sim = box(b);
    await waitFor('a snapshot', () => b.of(100001, 'data').length > 0);
    await sim.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.of(100001, 'will')).toHaveLength(0);
  });

  it('reconnects from another address on an IP change', async (context) => {
    if (!(await loopbackAliasesWork())) return context.skip();
    const b = await withBroker();
    const sim = box(b, { loopbackAliases: true });
    await waitFor('hello', () => b.of(100001, 'hello').length > 0);
    expect(sim.changeAddress()).toBe(true);
    await waitFor('a second connection', () => (b.addresses.get('box-100001')?.length ?? 0) >= 2);
    const [before, after] = b.addresses.get('box-100001') ?? [];
    expect(after).not.toBe(before);
    expect(after?.replace(/^::ffff:/, '')).toBe(sim.localAddress);
    expect(sim.counters.ipChanges).toBe(1);
  });

  it('takes the same values for the same seed', () => {
    const snapshots = (seed: string): unknown[] => {
      const sim = new SimBox({
        boxId: 100001,
        password: '',
        url: 'mqtt://127.0.0.1:1',
        types: ['screw-compressor', 'maglev-blower', 'generic-plc'],
        interval: 10,
        seed,
        rates: { fault: 50, alert: 50, offline: 0, ipChange: 0 },
        loopbackAliases: false,
        clock: () => Date.UTC(2025, 0, 1, 12),
      });
      const seen: unknown[] = [];
      sim.on('snapshot', (data) => seen.push(data.c));
      for (let i = 0; i < 20; i++) sim.tick();
      return seen;
    };
    expect(snapshots('same')).toEqual(snapshots('same'));
    expect(snapshots('same')).not.toEqual(snapshots('different'));
  });
});

describe('a fleet', () => {
  it('rotates the types over the controllers and sums its boxes', async () => {
    const b = await withBroker();
    const f = await fleet(b, { controllers: 2 });
    await waitFor('all connected', () => f.stats().connected === 3);
    expect(f.boxes.map((x) => x.controllers.map((c) => c.type.code))).toEqual([
      ['screw-compressor', 'maglev-blower'],
      ['generic-plc', 'screw-compressor'],
      ['maglev-blower', 'generic-plc'],
    ]);
    await waitFor('snapshots', () => f.stats().snapshotsAcked >= 6);
    expect(f.stats()).toMatchObject({ boxes: 3, connected: 3, connects: 3, refused: 0 });
  });

  it('has every snapshot it saw acknowledged stored, through offline spells and slow acknowledgements', async () => {
    const b = await withBroker({ storeDelayMs: 30 });
    const f = await fleet(b, { rates: { fault: 0, alert: 0, offline: 0, ipChange: 0 } });
    await waitFor('all connected', () => f.stats().connected === 3);
    for (const sim of f.boxes) sim.goOffline(400);
    await waitFor('the wills', () => [...PASSWORDS.keys()].every((id) => b.of(id, 'will').length > 0));
    await waitFor('back online', () => f.boxes.every((x) => x.counters.connects >= 2), 5000);
    await waitFor('more snapshots', () => f.stats().snapshotsAcked >= 30);
    await f.stop();
    const stored = new Set(b.stored.map((s) => `${s.boxId}/${s.controller}/${s.ts}`));
    const acked = f.ackedSnapshots();
    expect(acked.length).toBe(f.stats().snapshotsAcked);
    expect(acked.filter((a) => !stored.has(`${a.boxId}/${a.controller}/${a.ts}`))).toEqual([]);
  });

  it('raises faults and alerts at the given rates', async () => {
    const b = await withBroker();
    const f = await fleet(b, { rates: { fault: 3600 * 10, alert: 3600 * 10, offline: 0, ipChange: 0 } });
    await waitFor('incidents', () => f.stats().faultsRaised > 0 && f.stats().alertsRaised > 0);
    // The first box has the screw compressor, whose fault_bits is 40050.
    await waitFor('a snapshot with a fault bit', () =>
      b.of(100001, 'data').find((d) => ((d.json.c as Record<string, Record<string, number>>)['1']?.['40050'] ?? 0) > 0),
    );
  });

  it('plays its opening scenes at once: a fault, an alert and an offline spell of the boxes named, and nothing else', async () => {
    const b = await withBroker();
    const f = await fleet(b, {
      rates: NO_INCIDENTS,
      scenes: [
        { kind: 'fault', boxId: 100001, afterMs: 0 },
        { kind: 'alert', boxId: 100002, afterMs: 0 },
        { kind: 'offline', boxId: 100003, afterMs: 200 },
      ],
    });
    const bits = (boxId: number, key: string) =>
      b.of(boxId, 'data').find((d) => {
        const c = (d.json.c as Record<string, Record<string, number>>)['1'] ?? {};
        return Object.entries(c).some(
          ([register, v]) => BUILTIN_TYPES.some((t) => t.registers.some((r) => r.key === key && String(r.number) === register)) && v > 0,
        );
      });
    await waitFor('the fault of box 100001', () => bits(100001, 'fault_bits'));
    await waitFor('the alert of box 100002', () => bits(100002, 'alert_bits'));
    await waitFor('the will of box 100003', () => b.of(100003, 'will')[0]);
    expect(f.stats()).toMatchObject({ faultsRaised: 1, alertsRaised: 1, offlineDrops: 1 });
    expect(bits(100003, 'fault_bits')).toBeUndefined();
  });
});
