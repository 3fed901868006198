import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, DeviceDetail, EventPage, ReplayResult, RuleBody, RuleDetail, RulePage } from '@dms/contract';
import { connectBox, data, hello, registerBoxes, send } from './boxes.js';
import { EventLogService } from '../src/modules/events/log.js';
import type { AuthContext } from '../src/types.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const TEMPERATURE = reg('screw-compressor', 'discharge_temperature');
const PRESSURE = reg('screw-compressor', 'discharge_pressure');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** docs/api.md "Events": the rules, their engine in ingest, the log (issue 21). */
describe.each(dialects)('event rules on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-events-'));
  const schema = `ev_${process.pid}_${Date.now().toString(36)}`;
  const env = { DATA_DIR: dataDir, ...(dialect === 'postgres' ? { DATABASE_SCHEMA: schema } : {}) };
  let t: TestApp;
  let root = '';
  let manager = '';
  let screw = 0;
  let box: BoxCredentials;
  let client: MqttClient | null = null;
  let seq = 0;

  const call = (token: string | null, method: Method, url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(method: Method, url: string, payload?: unknown, token = root): Promise<T> => {
    const res = await call(token, method, url, payload);
    expect(body(res), `${method} ${url}`).toMatchObject({ code: 20000 });
    return body(res).data as T;
  };
  const refused = async (method: Method, url: string, payload: unknown, message: string, status = 400, lang = 'en') => {
    const res = await call(root, method, url, payload, lang);
    expect(body(res).message, `${method} ${url}`).toBe(message);
    expect(res.statusCode).toBe(status);
  };
  const rule = (over: Partial<RuleBody> = {}): RuleBody => ({
    name: 'Hot discharge',
    typeId: screw,
    condition: { kind: 'compare', register: TEMPERATURE, op: '>', value: 105 },
    durationS: 2,
    hysteresis: 1,
    debounceS: 0,
    severity: 'fault',
    text: {
      en: '{device}: discharge at {value} above {threshold}',
      zh: '{device}：排气温度 {value} 高于 {threshold}',
      es: '{device}: descarga a {value} sobre {threshold}',
      ja: '{device}：吐出温度 {value} が {threshold} を超過',
    },
    ...over,
  });
  const start = async () => {
    t = await buildTestApp(dialect, env);
    root = await login(t.app, 'demo_root');
    manager = await login(t.app, 'demo_manager');
    screw = (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow())
      .id;
  };
  const connect = async () => {
    client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
  };
  const report = async (ts: number, temperature: number) => {
    if (!client) throw new Error('not connected');
    seq += 1;
    await send(client, box.boxId, 'data', data(ts, { '1': { [TEMPERATURE]: Math.round(temperature * 10), [PRESSURE]: 70 } }, seq));
  };
  const device = async () => ok<DeviceDetail>('GET', `/devices/${box.boxId}/1`, undefined, manager);
  const events = async (query = '') => ok<EventPage>('GET', `/events/log?page_size=50${query}`);

  beforeAll(async () => {
    await start();
    [box] = (await registerBoxes(t.app, 7101, 7101)) as [BoxCredentials];
  });
  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
    await t.close();
    // Its PostgreSQL schema is dropped when every test file is done (global-setup.ts).
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a rule that names what its type lacks, with the exact message in the caller’s language', async () => {
    await refused(
      'POST',
      '/events/rules',
      rule({ condition: { kind: 'compare', register: 1, op: '>', value: 1 } }),
      'The type screw-compressor has no register 1.',
    );
    await refused('POST', '/events/rules', rule({ typeId: 999_999 }), 'No controller type has the id 999999.');
    await refused(
      'POST',
      '/events/rules',
      rule({ condition: { kind: 'band', register: TEMPERATURE, inside: false, low: 110, high: 100 } }),
      'The upper limit of a band must be above its lower limit.',
    );
    await refused('POST', '/events/rules', rule({ cks: ['9999'] }), 'The CK code 9999 is not configured.');
    await refused('POST', '/events/rules', rule({ name: ' ' }), '请输入规则名称。', 400, 'zh');
    await refused(
      'POST',
      '/events/rules',
      rule({ condition: { kind: 'all', conditions: [{ kind: 'offline', minutes: 5 }] } }),
      'A combination has 2 to 8 conditions.',
    );
  });

  it('adds, lists, saves as a new version, copies, turns off and deletes a rule; a taken name is refused', async () => {
    const made = await ok<RuleDetail>('POST', '/events/rules', rule({ name: 'Scratch rule' }));
    expect(made).toMatchObject({
      name: 'Scratch rule',
      version: 1,
      enabled: false,
      active: 0,
      typeName: { en: 'Oil-injected screw air compressor' },
    });
    await refused('POST', '/events/rules', rule({ name: 'Scratch rule' }), 'A rule named "Scratch rule" already exists.');
    const saved = await ok<RuleDetail>('PUT', `/events/rules/${made.id}`, rule({ name: 'Scratch rule', durationS: 30 }));
    expect(saved).toMatchObject({ version: 2, durationS: 30 });
    const versions = await t.app.db.selectFrom('event_rule_versions').select('version').where('rule_id', '=', made.id).execute();
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const copy = await ok<RuleDetail>('POST', `/events/rules/${made.id}/copy`);
    expect(copy).toMatchObject({ name: 'Scratch rule (copy)', version: 1, enabled: false, durationS: 30 });
    expect((await ok<RuleDetail>('POST', `/events/rules/${made.id}/copy`)).name).toBe('Scratch rule (copy) 2');
    const found = await ok<RulePage>('GET', '/events/rules?q=scratch&page_size=10');
    expect(found.total).toBe(3);
    await ok('PUT', `/events/rules/${made.id}/enabled`, { enabled: true });
    expect((await ok<RulePage>('GET', '/events/rules?q=scratch&enabled=true')).items.map((r) => r.name)).toEqual(['Scratch rule']);
    for (const r of found.items) await ok('DELETE', `/events/rules/${r.id}`);
    await refused('GET', `/events/rules/${made.id}`, undefined, `No event rule has the id ${made.id}.`, 404);
    const log = await t.app.db.selectFrom('operation_log').select('action').where('action', 'like', 'event.%').execute();
    expect(new Set(log.map((l) => l.action))).toEqual(
      new Set(['event.ruleCreate', 'event.ruleUpdate', 'event.ruleCopy', 'event.ruleEnable', 'event.ruleDelete']),
    );
  });

  it('a controller type watched by a rule cannot be deleted until the rule goes', async () => {
    const name = { en: 'Watched', zh: '被监视', es: 'Vigilado', ja: '監視中' };
    const { id } = await ok<{ id: number }>('POST', '/controller-types', { code: 'watched-type', name, kind: 'plc' });
    const watcher = await ok<RuleDetail>(
      'POST',
      '/events/rules',
      rule({ name: 'Watcher', typeId: id, condition: { kind: 'offline', minutes: 15 } }),
    );
    await refused('DELETE', `/controller-types/${id}`, undefined, 'This controller type is watched by 1 event rule(s); delete them first.');
    await ok('DELETE', `/events/rules/${watcher.id}`);
    await ok('DELETE', `/controller-types/${id}`);
  });

  it('tests a rule against stored history: when it would have started and ended', async () => {
    await connect();
    const t0 = t.clock.now - 600_000;
    const temps = [100, 104, 106, 107, 106.5, 105.5, 104.5, 103.9, 100];
    for (const [i, temp] of temps.entries()) await report(t0 + i * 1000, temp);
    await t.app.ingest.drain();
    const id = (await device()).id;
    const result = await ok<ReplayResult>('POST', '/events/replay', { rule: rule(), deviceId: id, from: t0, to: t0 + 60_000 });
    expect(result.samples).toBe(temps.length);
    // Above 105 from +2 s; held 2 s at +4 s; hysteresis 1: clears below 104, at +7 s.
    expect(result.events).toEqual([{ startedAt: t0 + 4000, endedAt: t0 + 7000, startValue: 106.5, peak: 106.5 }]);
    expect(result.series).toHaveLength(temps.length);
    await refused(
      'POST',
      '/events/replay',
      { rule: rule({ condition: { kind: 'offline', minutes: 15 } }), deviceId: id, from: t0, to: t0 + 1000 },
      'An offline condition cannot be tested against stored values; enable the rule to see it work.',
    );
    await refused(
      'POST',
      '/events/replay',
      { rule: rule(), deviceId: id, from: t0, to: t0 + 40 * 86_400_000 },
      'Test against at most 31 days of history.',
    );
  });

  let ruleId = 0;
  it('an enabled rule starts its event once, feeds the device’s status, and is acknowledged with a comment once', async () => {
    ruleId = (await ok<RuleDetail>('POST', '/events/rules', rule({ enabled: true }))).id;
    const t1 = t.clock.now - 60_000;
    // Noise at the threshold: above, below, above again, then held.
    for (const [i, temp] of [106, 104.5, 105.5, 106, 106.2, 105.4, 107, 105.1].entries()) await report(t1 + i * 1000, temp);
    await t.app.ingest.drain();
    const started = await events(`&ruleId=${ruleId}`);
    expect(started.items).toHaveLength(1);
    expect(started.items[0]).toMatchObject({
      startedAt: t1 + 4000,
      endedAt: null,
      startValue: 106.2,
      peak: 107,
      severity: 'fault',
      unit: '°C',
      withheld: false,
    });
    expect(started.items[0]?.text).toBe(`${box.boxId}-1: discharge at 106.2 °C above 105 °C`);
    expect(await device()).toMatchObject({ status: 'online_fault', runStatus: 'fault' });
    expect((await ok<RuleDetail>('GET', `/events/rules/${ruleId}`)).active).toBe(1);
    const eventId = started.items[0]?.id ?? 0;
    const acked = await ok<EventPage['items'][number]>('POST', `/events/log/${eventId}/ack`, { comment: 'Cleaning the cooler' }, manager);
    expect(acked).toMatchObject({ ackBy: 'demo_manager', comments: [{ by: 'demo_manager', text: 'Cleaning the cooler' }] });
    await refused('POST', `/events/log/${eventId}/ack`, {}, 'This event was already acknowledged by demo_manager.');
    await ok('POST', `/events/log/${eventId}/comments`, { text: 'Done' });
    await refused('POST', `/events/log/${eventId}/comments`, { text: '' }, 'Please enter a comment.');
    await refused('PUT', `/events/log/${eventId}/assignee`, { username: 'nobody_here' }, 'No user is named nobody_here.');
    expect(await ok('PUT', `/events/log/${eventId}/assignee`, { username: 'demo_manager' })).toMatchObject({ assignee: 'demo_manager' });
    await refused('POST', '/events/log/999999/ack', {}, 'No event has the id 999999.', 404);
    const own = await ok<EventPage>('GET', `/events/device/${box.boxId}/1`, undefined, manager);
    expect(own.items.map((e) => [e.id, e.withheld, e.comments.length])).toEqual([[eventId, false, 2]]);
    // Someone who does not reach the device may neither see its events nor follow one.
    const stranger = await login(t.app, 'demo_end_user').catch(() => null);
    if (stranger) {
      expect((await call(stranger, 'GET', `/events/device/${box.boxId}/1`)).statusCode).toBe(403);
      expect((await call(stranger, 'POST', `/events/log/${eventId}/comments`, { text: 'x' })).statusCode).toBe(403);
    }
  });

  it('keeps its state through a restart: no second start; the event ends once, and the status follows', async () => {
    await client?.endAsync(true);
    client = null;
    const clock = t.clock.now;
    await t.app.close();
    await start();
    t.clock.now = clock;
    await connect();
    const t2 = t.clock.now - 30_000;
    await report(t2, 106);
    await report(t2 + 1000, 104.5);
    await t.app.ingest.drain();
    expect((await events(`&ruleId=${ruleId}`)).items).toHaveLength(1);
    await report(t2 + 2000, 103.5);
    await report(t2 + 3000, 103);
    await t.app.ingest.drain();
    const done = await events(`&ruleId=${ruleId}`);
    expect(done.items.map((e) => [e.endedAt, e.peak])).toEqual([[t2 + 2000, 107]]);
    expect(await device()).toMatchObject({ status: 'online', runStatus: 'normal' });
    expect((await ok<RuleDetail>('GET', `/events/rules/${ruleId}`)).active).toBe(0);
    expect((await events('&state=active')).total).toBe(0);
  });

  it('saving a rule as a new version ends its event in progress and judges it afresh: a new event of the new version', async () => {
    const t4 = t.clock.now - 20_000;
    await report(t4, 110);
    await report(t4 + 2500, 110);
    await t.app.ingest.drain();
    expect((await events(`&ruleId=${ruleId}&state=active`)).items.map((e) => e.ruleVersion)).toEqual([1]);
    await ok('PUT', `/events/rules/${ruleId}`, rule({ enabled: true }));
    await t.app.ingest.drain();
    expect((await events(`&ruleId=${ruleId}&state=active`)).total).toBe(0);
    await report(t4 + 3000, 110);
    await report(t4 + 5500, 110);
    await t.app.ingest.drain();
    expect((await events(`&ruleId=${ruleId}&state=active`)).items.map((e) => e.ruleVersion)).toEqual([2]);
  });

  it('turning a rule off ends its event in progress; an offline rule starts on the clock', async () => {
    const t3 = t.clock.now - 10_000 + 6000;
    await report(t3, 110);
    await report(t3 + 2500, 110);
    await t.app.ingest.drain();
    expect((await events('&state=active')).total).toBe(1);
    await ok('PUT', `/events/rules/${ruleId}/enabled`, { enabled: false });
    await t.app.ingest.drain();
    expect((await events('&state=active')).total).toBe(0);
    await expect.poll(async () => (await device()).status).toBe('online');

    const offline = await ok<RuleDetail>(
      'POST',
      '/events/rules',
      rule({ name: 'Away', condition: { kind: 'offline', minutes: 15 }, durationS: 0, severity: 'alert', enabled: true }),
    );
    await client?.endAsync(true);
    client = null;
    await expect.poll(async () => (await device()).status).toMatch(/^offline/);
    t.clock.now += 16 * 60_000;
    t.app.ingest.sweepRules();
    await t.app.ingest.drain();
    expect((await events(`&ruleId=${offline.id}`)).items).toHaveLength(1);
    t.app.ingest.sweepRules();
    await t.app.ingest.drain();
    expect((await events(`&ruleId=${offline.id}`)).items).toHaveLength(1);
  });

  it('the export reads the log a chunk at a time by (start, id): every event once, newest first, however small the chunk', async () => {
    const page = await events();
    expect(page.total).toBeGreaterThan(2);
    const log = new EventLogService(t.app.db, t.app.clock, t.app.datalog, () => Promise.resolve(''));
    const auth = { user: { id: 1, username: 'demo_root' }, roles: ['root'] } as unknown as AuthContext;
    const read: number[] = [];
    for await (const rows of log.all(auth, {}, 'en', 1)) read.push(...rows.map((r) => r.id));
    expect(read).toEqual(page.items.map((e) => e.id));
    // Two events starting in the same millisecond are told apart by their ids, not skipped or repeated.
    const [newest] = page.items;
    if (!newest) throw new Error('no event');
    const twin = await t.app.db.selectFrom('events').selectAll().where('id', '=', newest.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = twin;
    await t.app.db.insertInto('events').values(copy).execute();
    const again: number[] = [];
    for await (const rows of log.all(auth, {}, 'en', 1)) again.push(...rows.map((r) => r.id));
    expect(again).toEqual((await events()).items.map((e) => e.id));
    expect(new Set(again).size).toBe(again.length);
  });
});
