import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Code, type BoxRegistrationBody } from '@dms/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../src/args.js';
import { idRanges } from '../src/credentials.js';
import { run, type CliIo } from '../src/main.js';
import { startBroker, type TestBroker } from './broker.js';

/** Captures what the CLI writes; no signal handlers. */
function io(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), onStopSignal: () => () => {} };
}

describe('command-line arguments', () => {
  it('has defaults', () => {
    const parsed = parseCliArgs([]);
    expect(parsed).toMatchObject({
      help: false,
      options: {
        boxes: 10,
        controllers: 1,
        interval: 10,
        url: 'mqtt://127.0.0.1:1883',
        firstBoxId: 100_001,
        types: ['screw-compressor', 'maglev-blower', 'generic-plc'],
        rates: { fault: 0.2, alert: 0.5 },
        duration: undefined,
        credentials: './data/sim-fleet.json',
        user: 'demo_root',
        password: 'demo123456',
        quiet: false,
      },
    });
  });

  it('reads every option', () => {
    const parsed = parseCliArgs([
      '--boxes',
      '3',
      '--controllers',
      '4',
      '--interval',
      '0.2',
      '--url',
      'mqtt://10.0.0.5:1884',
      '--types',
      'generic-plc, maglev-blower',
      '--first-box-id',
      '5',
      '--fault-rate',
      '1',
      '--alert-rate',
      '0',
      '--offline-rate',
      '2.5',
      '--ip-change-rate',
      '0.1',
      '--seed',
      'abc',
      '--duration',
      '60',
      '--credentials',
      'x.json',
      '--api',
      'http://127.0.0.1:8080',
      '--user',
      'u',
      '--password',
      'p',
      '--owner-id',
      '9',
      '--connect-rate',
      '50',
      '--quiet',
      '--scene',
      'fault:5',
      '--scene',
      'offline:7:30',
    ]);
    expect(parsed).toEqual({
      help: false,
      options: {
        boxes: 3,
        controllers: 4,
        interval: 0.2,
        url: 'mqtt://10.0.0.5:1884',
        types: ['generic-plc', 'maglev-blower'],
        firstBoxId: 5,
        rates: { fault: 1, alert: 0, offline: 2.5, ipChange: 0.1 },
        seed: 'abc',
        duration: 60,
        credentials: 'x.json',
        api: 'http://127.0.0.1:8080',
        user: 'u',
        password: 'p',
        ownerId: 9,
        connectRate: 50,
        quiet: true,
        scenes: [
          { kind: 'fault', boxId: 5, afterMs: 0 },
          { kind: 'offline', boxId: 7, afterMs: 30_000 },
        ],
      },
    });
    expect(parseCliArgs(['--help'])).toEqual({ help: true });
  });

  it.each([
    [['--boxes', '0'], /--boxes must be an integer 1\.\.100000, not '0'/],
    [['--boxes', 'ten'], /--boxes must be an integer/],
    [['--boxes', '2.5'], /--boxes must be an integer/],
    [['--controllers', '33'], /--controllers must be an integer 1\.\.32/],
    [['--interval', '0'], /--interval must be a number/],
    [['--interval', ''], /--interval must be a number/],
    [['--fault-rate=-1'], /--fault-rate must be a number at least 0/],
    [['--duration', '0'], /--duration must be a number above 0/],
    [['--types', 'screw-compressor,boiler'], /unknown type 'boiler'/],
    [['--url', 'http://host:1883'], /--url .*only mqtt:\/\//],
    [['--api', 'ftp://host'], /--api must be an http/],
    [['--first-box-id', '2147483647', '--boxes', '2'], /leaves no room/],
    [['--frobnicate'], /Unknown option '--frobnicate'/],
    [['extra'], /positional argument/],
    [['--boxes'], /argument missing/],
    [['--scene', 'flood:100001'], /--scene must be KIND:BOX\[:AFTER_S\]/],
    [['--scene', 'fault:99'], /BOX 100001\.\.100010/],
    [['--scene', 'alert:100001:-5'], /--scene must be/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it('groups box ids into registration ranges', () => {
    expect(idRanges([5, 1, 2, 3, 7, 8], 1000)).toEqual([
      [1, 3],
      [5, 5],
      [7, 8],
    ]);
    expect(idRanges([1, 2, 3, 4, 5], 2)).toEqual([
      [1, 2],
      [3, 4],
      [5, 5],
    ]);
  });
});

describe('dms-simulate', () => {
  let dir = '';
  let broker: TestBroker | null = null;
  const passwords = new Map<number, string>();
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dms-sim-'));
    passwords.clear();
    broker = await startBroker(passwords);
  });
  afterEach(async () => {
    await broker?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const quick = (b: TestBroker, file: string, duration = '0.5'): string[] => [
    '--url',
    b.url,
    '--credentials',
    file,
    '--interval',
    '0.1',
    '--duration',
    duration,
    '--fault-rate',
    '0',
    '--alert-rate',
    '0',
    '--offline-rate',
    '0',
    '--ip-change-rate',
    '0',
    '--seed',
    '1',
  ];

  it('exits with 2 and one line on a bad argument', async () => {
    const out = io();
    expect(await run(['--interval', 'soon'], out)).toBe(2);
    expect(out.errors).toEqual(["dms-simulate: --interval must be a number 0.01..3600, not 'soon' (see --help)"]);
  });

  it('prints its usage with --help', async () => {
    const out = io();
    expect(await run(['--help'], out)).toBe(0);
    expect(out.lines.join('\n')).toContain('--ip-change-rate');
  });

  it('runs the boxes of a credentials file, prints its status and disconnects properly at the end', async () => {
    const b = broker as TestBroker;
    const file = path.join(dir, 'fleet.json');
    passwords.set(200001, 'p1').set(200002, 'p2');
    await writeFile(
      file,
      JSON.stringify([
        { boxId: 200001, password: 'p1' },
        { boxId: 200002, password: 'p2', clientId: 'box-200002' },
      ]),
    );
    const out = io();
    expect(await run(['--boxes', '2', '--first-box-id', '200001', ...quick(b, file, '1.5')], out)).toBe(0);
    expect(out.errors).toEqual([]);
    expect(b.of(200001, 'hello')).toHaveLength(1);
    expect(b.of(200002, 'data').length).toBeGreaterThan(0);
    expect(b.seen.filter((s) => s.topic.endsWith('/will'))).toEqual([]);
    expect(out.lines.some((l) => l.includes('seed 1'))).toBe(true);
    expect(out.lines.at(-1)).toMatch(/stopped: \d+\/\d+ snapshots acknowledged/);
  });

  it('fails with 1 when boxes have no credentials and there is no --api', async () => {
    const out = io();
    expect(await run(['--boxes', '2', ...quick(broker as TestBroker, path.join(dir, 'none.json'))], out)).toBe(1);
    expect(out.errors[0]).toMatch(/no credentials for boxes 100001\.\.100002 .* pass --api/);
  });

  describe('with --api', () => {
    let api: http.Server;
    let apiUrl = '';
    const calls: string[] = [];
    let refuse = false;
    beforeEach(async () => {
      calls.length = 0;
      refuse = false;
      api = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          calls.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
          const answer = (data: unknown, code: number = Code.SUCCESS): void => {
            res.writeHead(code === Code.SUCCESS ? 200 : 409, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ code, message: code === Code.SUCCESS ? 'ok' : 'Box already registered', data }));
          };
          if (req.url === '/api/v2/user/login') {
            answer({ token: 'tok', expiresAt: Date.now() + 60_000 });
            return;
          }
          if (req.url === '/api/v2/user/info') {
            answer({
              roles: ['root'],
              name: 'root',
              avatar: '',
              introduction: '',
              level: 0,
              user: { id: 7, username: 'demo_root', group_extra: null, is_manager: false },
              twoFactor: { enabled: false, required: false },
            });
            return;
          }
          // The server's path of box registration (spec 2 /box-reg-info); any other path is not found there either.
          if (req.method !== 'POST' || req.url !== '/api/v2/box-reg-info') {
            answer(null, Code.NOT_FOUND);
            return;
          }
          const reg = JSON.parse(body) as BoxRegistrationBody;
          if (refuse) {
            answer({ boxIds: [reg.startBoxId] }, Code.BOX_ALREADY_REGISTERED);
            return;
          }
          const boxes = [];
          for (let id = Number(reg.startBoxId); id <= Number(reg.endBoxId); id++) {
            passwords.set(id, `pw-${id}`);
            boxes.push({ boxId: id, clientId: `box-${id}`, username: String(id), password: `pw-${id}` });
          }
          calls.push(JSON.stringify(reg));
          const broker = { host: '127.0.0.1', port: 1883, mqttVersion: '3.1.1', protocolVersion: 1 };
          answer({ boxes, broker, download: { token: 'd', expiresAt: Date.now() } });
        });
      });
      await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
      const address = api.address();
      apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterEach(async () => {
      await new Promise((resolve) => api.close(resolve));
    });

    it('registers the missing boxes, saves their credentials (0600) and connects them', async () => {
      const b = broker as TestBroker;
      const file = path.join(dir, 'sub', 'fleet.json');
      // 300001 is registered already and in the file; 300002..300003 are not.
      passwords.set(300001, 'known');
      await mkdir(path.dirname(file));
      await writeFile(file, JSON.stringify([{ boxId: 300001, password: 'known' }]));
      const out = io();
      const code = await run(['--boxes', '3', '--first-box-id', '300001', '--api', apiUrl, ...quick(b, file)], out);
      expect(out.errors).toEqual([]);
      expect(code).toBe(0);
      expect(calls[0]).toBe('POST /api/v2/user/login ');
      expect(calls[1]).toBe('GET /api/v2/user/info Bearer tok');
      expect(calls[2]).toBe('POST /api/v2/box-reg-info Bearer tok');
      expect(JSON.parse(calls[3] ?? '{}')).toEqual({
        startBoxId: 300002,
        endBoxId: 300003,
        userId: 7,
        boxType: 'DTU-4G',
        contact: '',
        companyName: 'Simulated fleet',
      });
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([
        { boxId: 300001, password: 'known' },
        { boxId: 300002, password: 'pw-300002' },
        { boxId: 300003, password: 'pw-300003' },
      ]);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      for (const id of [300001, 300002, 300003]) expect(b.of(id, 'hello').length).toBeGreaterThan(0);
    });

    it('registers to --owner-id without asking who is signed in', async () => {
      const out = io();
      const file = path.join(dir, 'owner.json');
      expect(await run(['--boxes', '1', '--owner-id', '42', '--api', apiUrl, ...quick(broker as TestBroker, file)], out)).toBe(0);
      expect(calls.some((c) => c.includes('/user/info'))).toBe(false);
      expect(JSON.parse(calls.find((c) => c.startsWith('{')) ?? '{}')).toMatchObject({ userId: 42 });
    });

    it('fails with 1 and says why when the boxes are registered already', async () => {
      refuse = true;
      const out = io();
      expect(await run(['--boxes', '2', '--api', apiUrl, ...quick(broker as TestBroker, path.join(dir, 'x.json'))], out)).toBe(1);
      expect(out.errors[0]).toMatch(/boxes 100001\.\.100002 are already registered but their passwords are not in/);
    });
  });
});
