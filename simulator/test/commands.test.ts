import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { BoxCommandArgs, BoxCommandName } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoxOptions } from '../src/box-options.js';
import { SimBox } from '../src/box.js';
import { COMMAND_MEMORY } from '../src/commands.js';
import { parseDown } from '../src/down.js';
import { startBroker, waitFor, type Seen, type TestBroker } from './broker.js';

const BOX = 100001;
const PASSWORDS = new Map([[BOX, 'secret-1']]);
const NO_INCIDENTS = { fault: 0, alert: 0, offline: 0, ipChange: 0 };
const compressor = BUILTIN_TYPES.find((t) => t.code === 'screw-compressor');
if (!compressor) throw new Error('no screw-compressor');
const registerOf = (key: string): number => compressor.registers.find((r) => r.key === key)?.number ?? -1;
const FAULT_BITS = registerOf('fault_bits');
const ALERT_BITS = registerOf('alert_bits');
const TARGET_PRESSURE = registerOf('target_pressure');
const ENERGY_TOTAL = registerOf('energy_total');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function broker(): Promise<TestBroker> {
  const b = await startBroker(PASSWORDS);
  cleanups.push(() => b.close());
  return b;
}

/** A started box of the test broker, with short reboots and fallback seconds of 20 ms; stopped after the test. */
function box(b: TestBroker, options: Partial<BoxOptions> = {}): SimBox {
  const sim = new SimBox({
    boxId: BOX,
    password: PASSWORDS.get(BOX) ?? '',
    url: b.url,
    types: ['screw-compressor'],
    interval: 0.1,
    seed: 'commands-test',
    rates: NO_INCIDENTS,
    loopbackAliases: false,
    rebootMs: 50,
    fallbackSecondMs: 20,
    ...options,
  });
  sim.start();
  cleanups.push(() => sim.stop());
  return sim;
}

async function connectedBox(b: TestBroker, options: Partial<BoxOptions> = {}): Promise<SimBox> {
  const sim = box(b, options);
  await waitFor('hello', () => b.of(BOX, 'hello').length > 0);
  return sim;
}

/** Sends a command down to the box; its id. */
async function command<K extends BoxCommandName>(
  b: TestBroker,
  cmd: K,
  args: BoxCommandArgs[K],
  options: { id?: string; expires?: number } = {},
): Promise<string> {
  const id = options.id ?? `c-${randomUUID()}`;
  await b.send(`box/${BOX}/down/cmd`, { v: 1, id, cmd, args, expires: options.expires ?? Date.now() + 60_000 });
  return id;
}

/** The replies of one command the broker saw, in order. */
const replies = (b: TestBroker, id: string): Seen[] => b.of(BOX, 'reply').filter((r) => r.json.id === id);
/** Each reply as its state, and its stage or reason: `accepted`, `progress:downloading`, `failed:busy`. */
const states = (b: TestBroker, id: string): string[] =>
  replies(b, id).map((r) =>
    [r.json.state, r.json.stage ?? r.json.reason]
      .filter((x) => x !== undefined)
      .map(String)
      .join(':'),
  );
/** Waits for the command's final reply (done or failed). */
const final = (b: TestBroker, id: string, ms?: number): Promise<Seen> =>
  waitFor(`the final reply of ${id}`, () => replies(b, id).find((r) => r.json.state === 'done' || r.json.state === 'failed'), ms);

type Values = Record<string, number>;
/** Every word address of the compressor's map: a snapshot with all of them is not filtered. */
const ALL_WORDS = compressor.registers.reduce((n, r) => n + (r.words ?? 1), 0);
/** Controller 1's values of the snapshots the broker saw whose seq is above `afterSeq`, in the box's order. */
const snapshotsAfter = (b: TestBroker, afterSeq = 0): Values[] =>
  b
    .of(BOX, 'data')
    .filter((d) => Number(d.json.seq) > afterSeq)
    .sort((x, y) => Number(x.json.seq) - Number(y.json.seq))
    .map((d) => (d.json.c as Record<string, Values>)['1'] ?? {});
/** Those that a `config` filtered: fewer registers than the map. */
const filtered = (b: TestBroker): Values[] => snapshotsAfter(b).filter((values) => Object.keys(values).length < ALL_WORDS);
/** The seq of the last snapshot the box took: every later one is built with what the box did until now. */
function lastSeq(sim: SimBox): () => number {
  let seq = 0;
  sim.on('snapshot', (data) => {
    seq = data.seq;
  });
  return () => seq;
}

describe('config', () => {
  it('sets the interval: a hello with it, then done, and the reports follow the new pace', async () => {
    const b = await broker();
    const sim = await connectedBox(b);
    await waitFor('reports at 0.1 s', () => b.of(BOX, 'data').length >= 3);
    const id = await command(b, 'config', { interval: 2 });
    const done = await final(b, id);
    expect(states(b, id)).toEqual(['done']);
    expect(sim.interval).toBe(2);
    const hello = b.of(BOX, 'hello').find((h) => h.json.interval === 2);
    expect(hello && b.seen.indexOf(hello)).toBeLessThan(b.seen.indexOf(done));
    const count = b.of(BOX, 'data').length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    // At the old pace five more would have come (one may have been on its way when the reply went).
    expect(b.of(BOX, 'data').length - count).toBeLessThanOrEqual(1);
    expect(sim.counters).toMatchObject({ commandsAnswered: 1, commandsFailed: 0 });
  });

  it('reports only the registers named, a register of two words with both its words, and all of them again for an empty list', async () => {
    const b = await broker();
    const sim = await connectedBox(b);
    const seq = lastSeq(sim);
    await final(b, await command(b, 'config', { registers: [TARGET_PRESSURE, ENERGY_TOTAL] }));
    const after = seq();
    // Without a deadband each of them goes in every snapshot; the same hello as before (the interval did not change).
    const only = await waitFor('a snapshot', () => snapshotsAfter(b, after)[0]);
    expect(Object.keys(only).sort()).toEqual([TARGET_PRESSURE, ENERGY_TOTAL, ENERGY_TOTAL + 1].map(String).sort());
    expect(b.of(BOX, 'hello')).toHaveLength(1);
    await final(b, await command(b, 'config', { registers: [] }));
    const again = seq();
    const all = await waitFor('a snapshot', () => snapshotsAfter(b, again)[0]);
    expect(Object.keys(all)).toHaveLength(ALL_WORDS);
  });

  it('sends a register again only once it moved by more than the deadband', async () => {
    const b = await broker();
    const sim = await connectedBox(b);
    const seq = lastSeq(sim);
    const write = async (value: number): Promise<number> => {
      const id = `w-${randomUUID()}`;
      await b.send(`box/${BOX}/down/write`, { v: 1, id, controller: 1, register: TARGET_PRESSURE, value });
      await waitFor('the ack', () => b.of(BOX, 'ack').find((a) => a.json.id === id));
      return seq();
    };
    const key = String(TARGET_PRESSURE);
    await write(93);
    await final(b, await command(b, 'config', { deadband: 5, registers: [TARGET_PRESSURE] }));
    // The first snapshot since has the register (never sent with a deadband before), the next ones not: it does not move.
    await waitFor('three filtered snapshots', () => filtered(b).length >= 3);
    expect(filtered(b).slice(0, 3)).toEqual([{ [key]: 93 }, {}, {}]);
    // 5 away from what was sent: not sent; 6 away: sent.
    const small = await write(98);
    await waitFor('three snapshots', () => snapshotsAfter(b, small).length >= 3);
    await write(99);
    await waitFor('the new value', () => filtered(b).some((values) => values[key] === 99));
    expect(filtered(b).filter((values) => key in values)).toEqual([{ [key]: 93 }, { [key]: 99 }]);
    expect(filtered(b).every((values) => Object.keys(values).every((k) => k === key))).toBe(true);
  });

  it('sends every register at least once an hour, whatever the deadband', async () => {
    const b = await broker();
    let now = Date.UTC(2026, 0, 1, 8);
    const sim = await connectedBox(b, { clock: () => now });
    const seq = lastSeq(sim);
    await final(b, await command(b, 'config', { deadband: 65_535 }, { expires: now + 60_000 }));
    // The first snapshot since has every register (none sent with a deadband before), then nothing moves enough.
    await waitFor('three empty snapshots', () => filtered(b).length >= 3);
    const all = snapshotsAfter(b);
    const firstEmpty = all.findIndex((values) => Object.keys(values).length === 0);
    expect(Object.keys(all[firstEmpty - 1] ?? {})).toHaveLength(ALL_WORDS);
    expect(all.slice(firstEmpty)).toEqual(all.slice(firstEmpty).map(() => ({})));
    // Snapshots are stamped 1 ms apart on a clock that stands still: an hour and a bit later.
    now += 3_600_000 + 60_000;
    const later = seq();
    const hourly = await waitFor('a snapshot an hour later', () => snapshotsAfter(b, later)[0]);
    expect(Object.keys(hourly)).toHaveLength(ALL_WORDS);
  });
});

/** A file server of firmware images on a free port: it checks the box's Basic credentials. */
async function fileServer(
  files: Record<string, Buffer>,
): Promise<{ url: string; requests: Array<{ path: string; auth: string }>; hold(): () => void }> {
  const requests: Array<{ path: string; auth: string }> = [];
  let held: Promise<void> | null = null;
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    requests.push({ path: req.url ?? '', auth });
    const file = files[req.url ?? ''];
    const send = (): void => {
      if (auth !== `Basic ${Buffer.from(`${BOX}:${PASSWORDS.get(BOX) ?? ''}`).toString('base64')}`) res.writeHead(401).end();
      else if (!file) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
    };
    if (held) void held.then(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  );
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** Holds the answers back until the function it returns is called. */
    hold() {
      let release = (): void => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
  };
}

describe('firmware', () => {
  const image = randomBytes(70_000);
  const sha256 = createHash('sha256').update(image).digest('hex');
  const args = (url: string, more: Partial<BoxCommandArgs['firmware']> = {}): BoxCommandArgs['firmware'] => ({
    version: '2.5.0',
    url: `${url}/fw.bin`,
    sha256,
    size: image.length,
    ...more,
  });

  it('downloads the image with the box credentials, checks it, reboots, says hello with the new version, then done', async () => {
    const b = await broker();
    const files = await fileServer({ '/fw.bin': image });
    const sim = await connectedBox(b);
    const id = await command(b, 'firmware', args(files.url));
    const done = await final(b, id);
    expect(states(b, id)).toEqual(['accepted', 'progress:downloading', 'progress:verifying', 'progress:updating', 'done']);
    expect(done.json).toEqual({ v: 1, id, state: 'done', fw: '2.5.0' });
    expect(files.requests).toEqual([{ path: '/fw.bin', auth: `Basic ${Buffer.from(`${BOX}:secret-1`).toString('base64')}` }]);
    const hello = b.of(BOX, 'hello').find((h) => h.json.fw === '2.5.0');
    expect(hello && b.seen.indexOf(hello)).toBeLessThan(b.seen.indexOf(done));
    expect(b.of(BOX, 'event').map((e) => e.json.detail)).toEqual(['firmware 2.4.1', 'firmware 2.5.0']);
    // A clean restart: no will.
    expect(b.of(BOX, 'will')).toEqual([]);
    expect(sim.counters.connects).toBe(2);
  });

  it.each([
    ['a wrong sha256', () => ({ sha256: 'ab'.repeat(32) }), 'checksum-mismatch'],
    ['a wrong size', () => ({ size: image.length + 1 }), 'size-mismatch'],
    ['a file that is not there', (url: string) => ({ url: `${url}/missing.bin` }), 'download-failed'],
  ])('keeps the old firmware for %s', async (_, more, reason) => {
    const b = await broker();
    const files = await fileServer({ '/fw.bin': image });
    const sim = await connectedBox(b);
    const id = await command(b, 'firmware', args(files.url, more(files.url)));
    const failed = await final(b, id);
    const stages = reason === 'download-failed' ? ['progress:downloading'] : ['progress:downloading', 'progress:verifying'];
    expect(states(b, id)).toEqual(['accepted', ...stages, `failed:${reason}`]);
    if (reason === 'download-failed') expect(failed.json.detail).toContain('HTTP 404');
    if (reason === 'checksum-mismatch') expect(failed.json.detail).toContain(sha256);
    expect(files.requests).toHaveLength(1);
    expect(sim.counters).toMatchObject({ connects: 1, commandsFailed: 1 });
    expect(b.of(BOX, 'hello').map((h) => h.json.fw)).toEqual(['2.4.1']);
  });

  it('fails a download from a server that does not answer', async () => {
    const b = await broker();
    await connectedBox(b);
    const id = await command(b, 'firmware', args(`http://127.0.0.1:${await closedPort()}`));
    const failed = await final(b, id);
    expect(failed.json).toMatchObject({ state: 'failed', reason: 'download-failed' });
    expect(String(failed.json.detail)).toMatch(/ECONNREFUSED/);
  });

  it.each([
    ['download-failed', ['progress:downloading'], 0],
    ['checksum-mismatch', ['progress:downloading', 'progress:verifying'], 1],
    ['size-mismatch', ['progress:downloading', 'progress:verifying'], 1],
    ['install-failed', ['progress:downloading', 'progress:verifying', 'progress:updating'], 1],
  ] as const)('fails with %s where the test tells it to, at its step', async (reason, stages, downloads) => {
    const b = await broker();
    const files = await fileServer({ '/fw.bin': image });
    const sim = await connectedBox(b, { commandFaults: { firmware: reason } });
    const id = await command(b, 'firmware', args(files.url));
    await final(b, id);
    expect(states(b, id)).toEqual(['accepted', ...stages, `failed:${reason}`]);
    expect(files.requests).toHaveLength(downloads);
    expect(b.of(BOX, 'hello').map((h) => h.json.fw)).toEqual(['2.4.1']);
    // Told to run again, it does.
    sim.failCommand('firmware', null);
    const again = await command(b, 'firmware', args(files.url));
    expect((await final(b, again)).json).toMatchObject({ state: 'done', fw: '2.5.0' });
  });

  it('runs a command once: a repeat while it runs is not answered, one after it ends gets its final reply again', async () => {
    const b = await broker();
    const files = await fileServer({ '/fw.bin': image });
    const lines: string[] = [];
    const sim = await connectedBox(b, { log: (line) => lines.push(line) });
    const release = files.hold();
    const id = await command(b, 'firmware', args(files.url));
    await waitFor('the download', () => files.requests.length === 1);
    await command(b, 'firmware', args(files.url), { id });
    // Another command that takes the box while the update runs is refused.
    const reboot = await command(b, 'reboot', {});
    expect((await final(b, reboot)).json).toMatchObject({ state: 'failed', reason: 'busy' });
    await waitFor('the repeat seen', () => lines.some((l) => l.includes(`command ${id} again: still at work`)));
    release();
    await final(b, id);
    await command(b, 'firmware', args(files.url), { id });
    await waitFor('the final reply again', () => replies(b, id).filter((r) => r.json.state === 'done').length === 2);
    expect(states(b, id)).toEqual(['accepted', 'progress:downloading', 'progress:verifying', 'progress:updating', 'done', 'done']);
    expect(files.requests).toHaveLength(1);
    expect(sim.counters).toMatchObject({ connects: 2, commandsAnswered: 2, commandsFailed: 1 });
  });
});

/** A port nothing listens on (one the system gave and took back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}

describe('reboot', () => {
  it('disconnects cleanly, connects again, says hello and boot, then done', async () => {
    const b = await broker();
    const sim = await connectedBox(b);
    const id = await command(b, 'reboot', {});
    const done = await final(b, id);
    expect(states(b, id)).toEqual(['accepted', 'done']);
    expect(sim.counters.connects).toBe(2);
    expect(b.of(BOX, 'will')).toEqual([]);
    const [, hello] = b.of(BOX, 'hello');
    expect(hello && b.seen.indexOf(hello)).toBeGreaterThan(b.seen.indexOf(replies(b, id)[0] as Seen));
    expect(hello && b.seen.indexOf(hello)).toBeLessThan(b.seen.indexOf(done));
    expect(b.of(BOX, 'event').filter((e) => e.json.kind === 'boot')).toHaveLength(2);
    await waitFor('reports again', () => b.of(BOX, 'data').some((d) => b.seen.indexOf(d) > b.seen.indexOf(done)));
  });
});

describe('server', () => {
  it('moves to another broker: accepted here, hello and done there, and reports there', async () => {
    const b = await broker();
    const other = await broker();
    const sim = await connectedBox(b);
    const id = await command(b, 'server', { url: other.url, fallback: 100 });
    const done = await final(other, id);
    expect(states(b, id)).toEqual(['accepted']);
    expect(states(other, id)).toEqual(['done']);
    const hello = other.of(BOX, 'hello')[0];
    expect(hello && other.seen.indexOf(hello)).toBeLessThan(other.seen.indexOf(done));
    expect(b.of(BOX, 'will')).toEqual([]);
    await waitFor('reports to the new broker', () => other.of(BOX, 'data').length > 0);
    expect(sim.connected).toBe(true);
  });

  it('goes back to the old broker when the new one does not answer within the fallback time, and says unreachable there', async () => {
    const b = await broker();
    await connectedBox(b);
    const url = `mqtt://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    const id = await command(b, 'server', { url, fallback: 10 });
    const failed = await final(b, id);
    // 10 s of fallback at 20 ms a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(states(b, id)).toEqual(['accepted', 'failed:unreachable']);
    expect(failed.json.detail).toBe(`could not connect to ${url} within 10 s`);
    const [, hello] = b.of(BOX, 'hello');
    expect(hello && b.seen.indexOf(hello)).toBeLessThan(b.seen.indexOf(failed));
  });

  it('never reaches the new broker where the test tells it to', async () => {
    const b = await broker();
    const other = await broker();
    const sim = await connectedBox(b, { commandFaults: { server: 'unreachable' } });
    const id = await command(b, 'server', { url: other.url, fallback: 10 });
    await final(b, id);
    expect(states(b, id)).toEqual(['accepted', 'failed:unreachable']);
    expect(other.seen).toEqual([]);
    expect(sim.counters.connects).toBe(2);
  });
});

describe('clear-faults', () => {
  it("resets a controller's latched fault bits (alerts stay), the next snapshot shows them clear", async () => {
    const b = await broker();
    const sim = await connectedBox(b, { types: ['screw-compressor', 'screw-compressor'] });
    const seq = lastSeq(sim);
    for (const index of [1, 2]) {
      sim.controller(index)?.incidents.raiseBit('fault', 'fault_bits', 3, Date.now() + 3_600_000);
      sim.controller(index)?.incidents.raiseBit('alert', 'alert_bits', 2, Date.now() + 3_600_000);
    }
    const bitsOf = (d: Seen, index: number, register: number): number => (d.json.c as Record<string, Values>)[index]?.[register] ?? 0;
    await waitFor('the fault reported', () => b.of(BOX, 'data').some((d) => (bitsOf(d, 1, FAULT_BITS) & 8) !== 0));
    await final(b, await command(b, 'clear-faults', { controller: 1 }));
    const cleared = seq();
    const next = await waitFor('a snapshot', () => b.of(BOX, 'data').find((d) => Number(d.json.seq) > cleared));
    expect([bitsOf(next, 1, FAULT_BITS) & 8, bitsOf(next, 1, ALERT_BITS) & 4]).toEqual([0, 4]);
    expect(bitsOf(next, 2, FAULT_BITS) & 8).toBe(8);
    await final(b, await command(b, 'clear-faults', {}));
    const all = seq();
    const after = await waitFor('a snapshot', () => b.of(BOX, 'data').find((d) => Number(d.json.seq) > all));
    expect(bitsOf(after, 2, FAULT_BITS) & 8).toBe(0);
  });

  it('refuses a controller the box does not have', async () => {
    const b = await broker();
    await connectedBox(b);
    const id = await command(b, 'clear-faults', { controller: 5 });
    expect((await final(b, id)).json).toMatchObject({ state: 'failed', reason: 'bad-args' });
  });
});

describe('any command', () => {
  it('is not run after it expired', async () => {
    const b = await broker();
    const sim = await connectedBox(b);
    const id = await command(b, 'reboot', {}, { expires: Date.now() - 1000 });
    expect((await final(b, id)).json).toMatchObject({ state: 'failed', reason: 'expired' });
    expect(states(b, id)).toEqual(['failed:expired']);
    expect(sim.counters.connects).toBe(1);
  });

  it('answers bad args with bad-args, an unknown command with unsupported, and a command without a good id not at all', async () => {
    const b = await broker();
    const warnings: string[] = [];
    const sim = await connectedBox(b, { warn: (line) => warnings.push(line) });
    const bad = await command(b, 'config', { interval: 0 });
    expect((await final(b, bad)).json).toEqual({
      v: 1,
      id: bad,
      state: 'failed',
      reason: 'bad-args',
      detail: 'config: interval 0 is not a whole number of seconds 1..3600',
    });
    const unknown = `c-${randomUUID()}`;
    await b.send(`box/${BOX}/down/cmd`, { v: 1, id: unknown, cmd: 'selfdestruct', args: {}, expires: Date.now() + 60_000 });
    expect((await final(b, unknown)).json).toMatchObject({ state: 'failed', reason: 'unsupported' });
    await b.send(`box/${BOX}/down/cmd`, { v: 1, id: 'c-1', cmd: 'reboot', args: {}, expires: Date.now() + 60_000 });
    await waitFor('the warning', () => warnings.some((w) => w.includes('id "c-1" is not c- and a lower-case UUID')));
    expect(b.of(BOX, 'reply')).toHaveLength(2);
    expect(sim.counters).toMatchObject({ connects: 1, commandsAnswered: 2, commandsFailed: 2 });
  });

  it('fails at once where the test tells it to, until told otherwise', async () => {
    const b = await broker();
    const sim = await connectedBox(b, { commandFaults: { reboot: 'busy' } });
    const id = await command(b, 'reboot', {});
    await final(b, id);
    expect(states(b, id)).toEqual(['failed:busy']);
    sim.failCommand('config', 'unsupported');
    const config = await command(b, 'config', { interval: 5 });
    await final(b, config);
    expect(states(b, config)).toEqual(['failed:unsupported']);
    expect(sim.interval).toBe(0.1);
    sim.failCommand('reboot', null);
    const reboot = await command(b, 'reboot', {});
    await final(b, reboot);
    expect(states(b, reboot)).toEqual(['accepted', 'done']);
  });

  it(`remembers the last ${COMMAND_MEMORY} commands`, async () => {
    const b = await broker();
    const lines: string[] = [];
    await connectedBox(b, { log: (line) => lines.push(line) });
    const first = await command(b, 'config', {});
    await final(b, first);
    for (let i = 1; i < COMMAND_MEMORY; i++) await command(b, 'config', {});
    await command(b, 'config', {}, { id: first });
    await waitFor('answered from memory', () => lines.some((l) => l.includes(`command ${first} again: answered done again`)));
    // One more pushes the first one out: it runs again.
    await command(b, 'config', {});
    await command(b, 'config', {}, { id: first });
    await waitFor('run again', () => lines.filter((l) => l.startsWith(`box ${BOX}: command config ${first}`)).length === 2);
    await waitFor('its third reply', () => replies(b, first).length === 3);
  });
});

describe('reading down/cmd', () => {
  const ID = 'c-9b1e2f3a-1b2c-4d5e-8f90-123456789abc';
  const read = (payload: Record<string, unknown> | string) =>
    parseDown(BOX, `box/${BOX}/down/cmd`, Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)));
  const cmd = (name: string, args: unknown) => ({ v: 1, id: ID, cmd: name, args, expires: 1_763_790_000_000 });

  it.each([
    ['config', {}],
    ['config', { interval: 1, deadband: 0, registers: [] }],
    ['config', { interval: 3600, deadband: 65_535, registers: Array.from({ length: 512 }, (_, i) => 40_000 + i) }],
    ['server', { url: 'mqtt://10.0.0.5:1883', fallback: 10 }],
    ['server', { url: 'mqtts://broker.example.com:8883', fallback: 3600 }],
    ['firmware', { version: '2.5.0', url: 'https://example.com/api/v2/box-files/12', sha256: 'ab'.repeat(32), size: 1 }],
    ['firmware', { version: 'x'.repeat(32), url: 'http://10.0.0.5/fw', sha256: '0'.repeat(64), size: 524_288 }],
    ['reboot', {}],
    ['clear-faults', {}],
    ['clear-faults', { controller: 32 }],
  ])('takes %s #%#', (name, args) => {
    expect(read(cmd(name, args))).toEqual({ kind: 'cmd', payload: cmd(name, args) });
  });

  it.each([
    ['config', 'interval 0 is not a whole number of seconds 1..3600', { interval: 0 }],
    ['config', 'interval 3601 is not', { interval: 3601 }],
    ['config', 'interval 1.5 is not', { interval: 1.5 }],
    ['config', 'interval "10" is not', { interval: '10' }],
    ['config', 'deadband -1 is not an integer 0..65535', { deadband: -1 }],
    ['config', 'deadband 65536 is not', { deadband: 65_536 }],
    ['config', 'registers is not a list', { registers: 40001 }],
    ['config', 'register 65536 is not an integer 0..65535', { registers: [65_536] }],
    ['config', '513 registers (at most 512)', { registers: Array.from({ length: 513 }, (_, i) => i) }],
    ['config', 'unknown field server', { server: 'mqtt://10.0.0.5:1883' }],
    ['server', 'is not mqtt:// or mqtts://', { url: 'http://10.0.0.5:1883', fallback: 10 }],
    ['server', 'has no port', { url: 'mqtt://10.0.0.5', fallback: 10 }],
    ['server', 'has more than a host and a port', { url: 'mqtt://10.0.0.5:1883/x', fallback: 10 }],
    ['server', 'is not a URL', { url: 'not a url', fallback: 10 }],
    ['server', 'fallback 9 is not a whole number of seconds 10..3600', { url: 'mqtt://10.0.0.5:1883', fallback: 9 }],
    ['server', 'fallback nothing is not', { url: 'mqtt://10.0.0.5:1883' }],
    ['firmware', 'version "" is not', { version: '', url: 'https://a.example/fw', sha256: 'ab'.repeat(32), size: 1 }],
    ['firmware', 'is not a text of 1..32', { version: 'x'.repeat(33), url: 'https://a.example/fw', sha256: 'ab'.repeat(32), size: 1 }],
    ['firmware', 'is not an http:// or https://', { version: '2.5.0', url: 'ftp://a.example/fw', sha256: 'ab'.repeat(32), size: 1 }],
    ['firmware', 'is not 64 lower-case hex', { version: '2.5.0', url: 'https://a.example/fw', sha256: 'AB'.repeat(32), size: 1 }],
    ['firmware', 'is not 64 lower-case hex', { version: '2.5.0', url: 'https://a.example/fw', sha256: 'ab'.repeat(31), size: 1 }],
    ['firmware', 'size 0 is not a positive', { version: '2.5.0', url: 'https://a.example/fw', sha256: 'ab'.repeat(32), size: 0 }],
    ['reboot', 'unknown field now', { now: true }],
    ['clear-faults', 'controller 0 is not a bus index 1..32', { controller: 0 }],
    ['clear-faults', 'controller 33 is not', { controller: 33 }],
    ['reboot', 'args is not an object', []],
  ])('refuses %s: %s', (name, problem, args) => {
    const message = read(cmd(name, args));
    expect(message).toMatchObject({ kind: 'bad-cmd', id: ID, reason: 'bad-args' });
    expect(message.kind === 'bad-cmd' && message.problem).toContain(problem);
  });

  it('refuses numbers not written as plain integers, and a command without expires, as bad-args', () => {
    const text = JSON.stringify(cmd('config', { interval: 999 })).replace('999', '1.0e1');
    expect(read(text)).toMatchObject({
      kind: 'bad-cmd',
      reason: 'bad-args',
      problem: 'config: interval a number not written as a plain integer is not a whole number of seconds 1..3600',
    });
    expect(read({ v: 1, id: ID, cmd: 'reboot', args: {} })).toMatchObject({
      kind: 'bad-cmd',
      problem: 'reboot: expires nothing is not a time in ms',
    });
  });

  it('answers an unknown command as unsupported, and cannot answer a command without a good id', () => {
    expect(read(cmd('selfdestruct', {}))).toMatchObject({ kind: 'bad-cmd', id: ID, reason: 'unsupported' });
    expect(read({ ...cmd('reboot', {}), id: ID.toUpperCase().replace('C-', 'c-') })).toMatchObject({ kind: 'invalid' });
    expect(read({ ...cmd('reboot', {}), id: 'w-9b1e2f3a-1b2c-4d5e-8f90-123456789abc' })).toMatchObject({ kind: 'invalid' });
    expect(read({ ...cmd('reboot', {}), v: 2 })).toEqual({ kind: 'invalid', problem: 'cmd: version 2' });
    expect(read('{"v":1,')).toEqual({ kind: 'invalid', problem: 'cmd: not JSON' });
  });
});
