import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptRow, BoxCredentials, NotificationPage, NotificationRow, NotifyPrefs, NotifySettings } from '@dms/contract';
import { signature } from '../src/modules/msg/channels/webhook.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { exportedSheet, sheetRows } from './export-file.js';
import { apiAs, bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A local SMTP server that keeps what it receives. */
async function mailbox() {
  const mails: Array<{ to: string; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A local webhook receiver: answers `status` (changeable), keeps each body with whether its signature held. */
async function receiver() {
  const got: Array<{
    delivery: string;
    valid: boolean;
    body: { delivery: number; notification: { kind: string; device: { boxId: number } } };
  }> = [];
  const state = { status: 200, secret: '' };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      got.push({
        delivery: String(req.headers['x-dms-delivery']),
        valid: req.headers['x-dms-signature'] === signature(state.secret, raw),
        body: JSON.parse(raw) as (typeof got)[number]['body'],
      });
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    got,
    state,
    url,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

/** docs/notifications.md: notifications made from the bus, their repeats, channels and delivery log (issue 22). */
describe.each(dialects)('notifications on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let box: BoxCredentials;
  let client: MqttClient;
  let deviceId = 0;
  let seq = 0;
  let smtp: Awaited<ReturnType<typeof mailbox>>;
  let hook: Awaited<ReturnType<typeof receiver>>;

  const call = (user: string, method: Method, url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...bearer(tokens[user] ?? ''), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(user: string, method: Method, url: string, payload?: unknown): Promise<T> => {
    const res = await call(user, method, url, payload);
    expect(body(res), `${method} ${url}`).toMatchObject({ code: 20000 });
    return body(res).data as T;
  };
  const refused = async (user: string, method: Method, url: string, payload: unknown, message: string, status = 400, lang = 'en') => {
    const res = await call(user, method, url, payload, lang);
    expect(body(res).message, `${method} ${url}`).toBe(message);
    expect(res.statusCode).toBe(status);
  };
  const list = (user: string, query = '') => ok<NotificationPage>(user, 'GET', `/msg/notifications?page_size=50${query}`);
  const settle = async () => {
    await t.app.notify.creator.idle();
    t.app.notify.deliverer.kick();
    await t.app.notify.deliverer.idle();
  };
  const fault = async (on: boolean) => {
    seq += 1;
    t.clock.now += 1000;
    await send(client, box.boxId, 'data', data(t.clock.now, { '1': { [PRESSURE]: 70, [FAULT_BITS]: on ? 1 : 0 } }, seq));
    await eventually(() => {
      expect(t.app.ingest.device(deviceId)?.status).toBe(on ? 'online_fault' : 'online');
    });
    await settle();
  };
  const transition = (kind: 'fault' | 'recover', time: number) => {
    t.app.bus.publish('deviceTransition', {
      deviceId,
      kind,
      status: kind === 'fault' ? 'online_fault' : 'online',
      time,
      eventId: 0,
      severity: null,
    });
  };
  const settings = (over: Partial<NotifySettings>) =>
    ok<NotifySettings>('demo_root', 'PUT', '/notice/settings', {
      defaults: {
        kinds: ['recover', 'fault', 'alert', 'fault_alert', 'offline', 'online', 'event'],
        browser: true,
        email: false,
        quietHours: null,
        faultBreaksQuiet: true,
      },
      repeatMinutes: 15,
      flapThreshold: 4,
      flapWindowMinutes: 10,
      ...over,
    });
  const prefs = (over: Partial<NotifyPrefs> = {}): NotifyPrefs => ({
    kinds: ['recover', 'fault', 'alert', 'fault_alert', 'offline', 'online', 'event'],
    browser: true,
    email: true,
    emailAddress: 'manager@example.com',
    quietHours: null,
    faultBreaksQuiet: true,
    language: 'en',
    timeZone: 'UTC',
    ...over,
  });

  beforeAll(async () => {
    smtp = await mailbox();
    hook = await receiver();
    t = await buildTestApp(dialect, { NOTIFY_TICK_MS: '60000', NOTIFY_RETRY_MS: '10', NOTIFY_ATTEMPTS: '3' });
    for (const u of ['demo_root', 'demo_manager', 'demo_helper', 'demo_afterSales', 'demo_market', 'demo_end_user'])
      tokens[u] = await login(t.app, u);
    [box] = (await registerBoxes(t.app, 7201, 7201)) as [BoxCredentials];
    client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await eventually(async () => {
      const d = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', box.boxId).executeTakeFirst();
      expect(d).toBeDefined();
      deviceId = d?.id ?? 0;
    });
    const helper = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_helper').executeTakeFirstOrThrow()).id;
    await ok('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId });
  });
  afterAll(async () => {
    await client.endAsync(true).catch(() => undefined);
    await t.close();
    await smtp.close();
    await hook.close();
  });

  it('tells a fault to the manager and the helper it is shared with, not a stranger; read, all read, acknowledged', async () => {
    await fault(true);
    const mine = await list('demo_manager');
    expect(mine.items[0]).toMatchObject({
      kind: 'fault',
      status: 'online_fault',
      boxId: box.boxId,
      controller: 1,
      readAt: null,
      company: 'Test Co',
    });
    expect((await list('demo_helper')).items[0]).toMatchObject({ kind: 'fault', boxId: box.boxId });
    expect((await list('demo_afterSales')).items.filter((n) => n.boxId === box.boxId)).toEqual([]);
    expect((await list('demo_root')).items[0]).toMatchObject({ kind: 'fault', boxId: box.boxId });
    const id = mine.items[0]?.id ?? 0;
    // A stranger's call on it answers as if it did not exist.
    await refused('demo_afterSales', 'POST', `/msg/notifications/${id}/ack`, undefined, 'Not found.', 404);
    await refused('demo_afterSales', 'POST', '/msg/notifications/read', { ids: [id] }, 'Not found.', 404);
    await refused('demo_market', 'GET', '/msg/notifications', undefined, 'You do not have permission to do this.', 403);
    await refused('demo_manager', 'POST', '/msg/notifications/read', {}, 'Name the notifications to mark read, or choose all.');

    expect((await ok<{ count: number }>('demo_manager', 'GET', '/msg/notifications/unread')).count).toBe(1);
    expect(await ok('demo_manager', 'POST', '/msg/notifications/read', { ids: [id] })).toEqual({ updated: 1 });
    expect((await ok<{ count: number }>('demo_manager', 'GET', '/msg/notifications/unread')).count).toBe(0);
    expect((await list('demo_manager', '&read=unread')).total).toBe(0);
    expect((await list('demo_helper', '&read=unread')).total).toBe(1);
    expect(await ok('demo_helper', 'POST', '/msg/notifications/read', { all: true })).toEqual({ updated: 1 });
    const acked = await ok<NotificationRow>('demo_manager', 'POST', `/msg/notifications/${id}/ack`);
    expect(acked.ackedAt).not.toBeNull();
    expect(acked.repeating).toBe(false);
    await fault(false);
    expect((await list('demo_manager', '&kind=recover')).items[0]).toMatchObject({ kind: 'recover', status: 'online' });
    expect((await list('demo_manager', '&status=fault')).items.every((n) => n.status.endsWith('fault'))).toBe(true);
    expect((await list('demo_manager', `&q=${box.boxId}`)).total).toBe(2);
    // The company's words in any case; a wildcard typed is only itself.
    expect((await list('demo_manager', '&q=test%20co')).total).toBe(2);
    expect((await list('demo_manager', '&q=%25')).total).toBe(0);
    expect((await list('demo_manager', '&q=t_st')).total).toBe(0);
  });

  it('makes one notification of a change told twice (a restart, a second instance)', async () => {
    const before = (await list('demo_manager')).total;
    t.clock.now += 60_000;
    transition('fault', t.clock.now);
    transition('fault', t.clock.now);
    await settle();
    transition('fault', t.clock.now);
    await settle();
    expect((await list('demo_manager')).total).toBe(before + 1);
    t.clock.now += 1000;
    transition('recover', t.clock.now);
    await settle();
  });

  it('repeats as often as the box registration’s push times say, until acknowledged or recovered', async () => {
    await settings({ repeatMinutes: 1 });
    await t.app.db.updateTable('boxes').set({ push_fault: 3 }).where('box_id', '=', box.boxId).execute();
    t.clock.now += 3_600_000;
    transition('fault', t.clock.now);
    await settle();
    const first = (await list('demo_manager')).items[0];
    expect(first).toMatchObject({ kind: 'fault', pushes: 1, pushLimit: 3, repeating: true });
    t.clock.now += 61_000;
    await settle();
    expect((await list('demo_manager')).items[0]).toMatchObject({ id: first?.id, pushes: 2, repeating: true });
    // The helper acknowledges theirs: their repeats stop; the manager's go on.
    await ok('demo_helper', 'POST', `/msg/notifications/${first?.id}/ack`);
    t.clock.now += 61_000;
    await settle();
    expect((await list('demo_manager')).items[0]).toMatchObject({ pushes: 3, repeating: false });
    expect((await list('demo_helper')).items[0]).toMatchObject({ pushes: 2, repeating: false });
    // Recovery ends a repeat in progress.
    t.clock.now += 3_600_000;
    transition('fault', t.clock.now);
    await settle();
    t.clock.now += 1000;
    transition('recover', t.clock.now);
    await settle();
    const [recovered, faulted] = (await list('demo_manager')).items;
    expect(recovered?.kind).toBe('recover');
    expect(faulted).toMatchObject({ kind: 'fault', pushes: 1, repeating: false });
    await t.app.db.updateTable('boxes').set({ push_fault: 1 }).where('box_id', '=', box.boxId).execute();
  });

  it('folds a flapping device’s changes into its last notification', async () => {
    t.clock.now += 3_600_000;
    const before = (await list('demo_manager')).total;
    for (let i = 0; i < 8; i += 1) {
      t.clock.now += 5000;
      transition(i % 2 === 0 ? 'fault' : 'recover', t.clock.now);
    }
    await settle();
    const page = await list('demo_manager');
    expect(page.total).toBe(before + 4);
    expect(page.items[0]).toMatchObject({ kind: 'recover', changes: 5, lastTime: t.clock.now });
  });

  it('e-mails through the SMTP server, in the template root saved; quiet hours skip all but faults', async () => {
    await refused(
      'demo_manager',
      'PUT',
      '/msg/preferences',
      { prefs: prefs({ emailAddress: '' }) },
      'Enter the e-mail address to send to, or turn e-mail off.',
    );
    await refused(
      'demo_root',
      'POST',
      '/notice/channels/smtp/test',
      { to: 'root@example.com' },
      'E-mail is off: save an SMTP server first.',
    );
    await ok('demo_root', 'PUT', '/notice/channels/smtp', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: '',
      from: 'dms@example.com',
    });
    const test = await ok<{ ok: boolean; detail: string }>('demo_root', 'POST', '/notice/channels/smtp/test', { to: 'root@example.com' });
    expect(test.ok).toBe(true);
    expect(smtp.mails.at(-1)?.raw).toContain('Subject: Test from the Device monitoring system');
    await refused(
      'demo_root',
      'PUT',
      '/notice/templates/fault/en',
      { subject: 'Fault {devise}', body: 'x' },
      'The product does not know the placeholder {devise}. Use: {device} {box} {controller} {company} {status} {time} {kind} {rule} {changes} {link} {iccid} {expires} {reply}.',
    );
    await ok('demo_root', 'PUT', '/notice/templates/fault/en', {
      subject: 'ALARM {box}/{controller} at {company}',
      body: 'Status: {status}',
    });
    const preview = await ok<{ subject: string; body: string }>('demo_root', 'POST', '/notice/templates/preview', {
      kind: 'fault',
      language: 'en',
      subject: 'ALARM {box}/{controller} at {company}',
      body: 'Status: {status}',
    });
    expect(preview).toEqual({ subject: 'ALARM 100001/1 at Sample Compressors Ltd.', body: 'Status: Online fault' });
    await settings({ flapThreshold: 100 });
    await ok('demo_manager', 'PUT', '/msg/preferences', { prefs: prefs() });
    await ok('demo_helper', 'PUT', '/msg/preferences', {
      prefs: prefs({ emailAddress: 'helper@example.com', quietHours: { from: '00:00', to: '23:59' }, faultBreaksQuiet: false }),
    });
    // The earlier tests' repeats still pending would be e-mailed too, now that the manager chose e-mail (each tick as
    // the clock moves on): this test counts the one new fault's.
    await t.app.db.updateTable('notification_recipients').set({ next_push_at: null }).execute();
    await settle();
    const sent = smtp.mails.length;
    t.clock.now += 3_600_000;
    transition('fault', t.clock.now);
    await settle();
    await eventually(() => {
      expect(smtp.mails.length).toBe(sent + 1);
    });
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toBe('manager@example.com');
    expect(mail?.raw).toContain(`Subject: ALARM ${box.boxId}/1 at Test Co`);
    expect(mail?.raw).toContain('Status: Online fault');
    const log = await ok<{ items: AttemptRow[] }>('demo_root', 'GET', '/notice/deliveries?channel=email&page_size=10');
    expect(log.items.map((a) => [a.target, a.outcome, a.error])).toEqual(
      expect.arrayContaining([
        ['manager@example.com', 'sent', ''],
        ['helper@example.com', 'skipped', 'quiet hours'],
      ]),
    );
    await refused('demo_manager', 'GET', '/notice/deliveries', undefined, 'You do not have permission to do this.', 403);
    await ok('demo_root', 'DELETE', '/notice/templates/fault/en');
    await ok('demo_manager', 'PUT', '/msg/preferences', { prefs: null });
    await ok('demo_helper', 'PUT', '/msg/preferences', { prefs: null });
  });

  it('posts to a webhook signed with its secret; a failing receiver is retried, then failed, and can be sent again', async () => {
    await refused(
      'demo_root',
      'POST',
      '/notice/channels/webhooks',
      { name: 'Far', url: 'http://example.com/x', kinds: ['fault'], enabled: true },
      'Webhooks are posted over HTTPS; plain HTTP only to this machine.',
    );
    await refused(
      'demo_root',
      'POST',
      '/notice/channels/webhooks',
      { name: ' ', url: hook.url, kinds: ['fault'], enabled: true },
      'Please enter a name.',
    );
    const made = await ok<{ webhook: { id: number; secretHint: string }; secret: string }>(
      'demo_root',
      'POST',
      '/notice/channels/webhooks',
      {
        name: 'SCADA',
        url: hook.url,
        kinds: ['fault'],
        enabled: true,
      },
    );
    hook.state.secret = made.secret;
    expect(made.webhook.secretHint).toBe(`…${made.secret.slice(-4)}`);
    const channels = await ok<{ webhooks: Array<Record<string, unknown>> }>('demo_root', 'GET', '/notice/channels');
    expect(JSON.stringify(channels)).not.toContain(made.secret);
    expect(await ok('demo_root', 'POST', `/notice/channels/webhooks/${made.webhook.id}/test`)).toEqual({
      ok: true,
      detail: 'The endpoint answered HTTP 200.',
    });
    expect(hook.got.at(-1)?.valid).toBe(true);

    t.clock.now += 3_600_000;
    transition('fault', t.clock.now);
    await settle();
    await eventually(() => {
      expect(hook.got.filter((g) => g.delivery !== '0')).toHaveLength(1);
    });
    const got = hook.got.at(-1);
    expect(got).toMatchObject({ valid: true, body: { notification: { kind: 'fault', device: { boxId: box.boxId } } } });

    hook.state.status = 500;
    t.clock.now += 1000;
    transition('recover', t.clock.now);
    t.clock.now += 3_600_000;
    transition('fault', t.clock.now);
    await settle();
    for (let i = 0; i < 3; i += 1) {
      t.clock.now += 1000;
      await settle();
    }
    const attempts = await ok<{ items: AttemptRow[] }>('demo_root', 'GET', '/notice/deliveries?channel=webhook&page_size=10');
    const last = attempts.items.filter((a) => a.deliveryId === attempts.items[0]?.deliveryId);
    expect(last.map((a) => [a.attempt, a.outcome, a.error])).toEqual([
      [3, 'failed', 'HTTP 500'],
      [2, 'retrying', 'HTTP 500'],
      [1, 'retrying', 'HTTP 500'],
    ]);
    expect(last[0]?.retryable).toBe(true);
    const failedId = last[0]?.deliveryId ?? 0;
    // Only a recipient's own delivery may be sent again when it has failed.
    await refused('demo_root', 'POST', '/notice/deliveries/99999/retry', undefined, 'No delivery has the id 99999.', 404);
    hook.state.status = 200;
    await ok('demo_root', 'POST', `/notice/deliveries/${failedId}/retry`);
    await settle();
    await refused('demo_root', 'POST', `/notice/deliveries/${failedId}/retry`, undefined, 'Only a delivery that failed can be sent again.');
    expect(hook.got.filter((g) => g.delivery === String(failedId)).map((g) => g.valid)).toEqual([true, true, true, true]);
    // The export writes the same attempts, newest first, each once (read by a cursor on time and id).
    const listed = await ok<{ total: number; items: AttemptRow[] }>('demo_root', 'GET', '/notice/deliveries?channel=webhook&page_size=200');
    const { sheet } = await exportedSheet(
      apiAs(() => t.app, tokens),
      'demo_root',
      { kind: 'deliveries', filter: { channel: 'webhook' } },
    );
    const rows = sheetRows(sheet, 9).slice(1);
    expect(rows).toHaveLength(listed.total);
    expect(rows.map((r) => r[6])).toEqual(listed.items.map((a) => a.attempt));
    await ok('demo_root', 'DELETE', `/notice/channels/webhooks/${made.webhook.id}`);
  });

  it('sends a delivery a crashed instance left half sent once more, with the same id, and only once', async () => {
    const made = await ok<{ webhook: { id: number }; secret: string }>('demo_root', 'POST', '/notice/channels/webhooks', {
      name: 'After a crash',
      url: hook.url,
      kinds: ['fault'],
      enabled: true,
    });
    hook.state.secret = made.secret;
    t.clock.now += 3_600_000;
    // As an instance killed after claiming it leaves it: sending, its lease running.
    const { id } = await t.app.db
      .insertInto('notify_deliveries')
      .values({
        once_key: `crash-${t.clock.now}`,
        notification_id: null,
        user_id: null,
        webhook_id: made.webhook.id,
        channel: 'webhook',
        target: 'After a crash',
        push: 1,
        status: 'sending',
        attempts: 1,
        next_attempt_at: t.clock.now,
        claimed_until: t.clock.now + 60_000,
        payload: JSON.stringify({ id: 0, kind: 'fault' }),
        created_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await settle();
    expect(hook.got.filter((g) => g.delivery === String(id))).toHaveLength(0);
    t.clock.now += 61_000;
    await settle();
    await settle();
    expect(hook.got.filter((g) => g.delivery === String(id))).toHaveLength(1);
    await ok('demo_root', 'DELETE', `/notice/channels/webhooks/${made.webhook.id}`);
  });

  it('keeps root’s settings and refuses bad ones with their messages', async () => {
    await refused(
      'demo_root',
      'PUT',
      '/notice/settings',
      { ...(await ok<NotifySettings>('demo_root', 'GET', '/notice/settings')), repeatMinutes: 0 },
      'Repeats are 1 to 1440 minutes apart.',
    );
    await refused(
      'demo_manager',
      'PUT',
      '/msg/preferences',
      { prefs: prefs({ quietHours: { from: '22:00', to: '22:00' } }) },
      '免打扰时段的开始时间和结束时间必须不同。',
      400,
      'zh',
    );
    const saved = await settings({ repeatMinutes: 30 });
    expect(saved.repeatMinutes).toBe(30);
    const view = await ok<{ own: boolean; prefs: NotifyPrefs }>('demo_end_user', 'GET', '/msg/preferences');
    expect(view.own).toBe(false);
  });
});

/** Two instances on one PostgreSQL database: a change both are told of is one notification and one delivery. */
describe.runIf(dialects.includes('postgres'))('notifications with two instances on postgres', () => {
  const schema = `nt2_${process.pid}_${Date.now().toString(36)}`;
  let a: TestApp;
  let b: TestApp;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let client: MqttClient;

  beforeAll(async () => {
    hook = await receiver();
    const env = { DATABASE_SCHEMA: schema, NOTIFY_TICK_MS: '60000', NOTIFY_RETRY_MS: '10' };
    a = await buildTestApp('postgres', env);
    b = await buildTestApp('postgres', env, { seed: false });
  });
  afterAll(async () => {
    await client.endAsync(true).catch(() => undefined);
    await b.app.close();
    await a.close();
    await hook.close();
  });

  it('makes one notification, one delivery and one post, whichever instance wins', async () => {
    const root = await login(a.app, 'demo_root');
    const made = await a.app.inject({
      method: 'POST',
      url: '/api/v2/notice/channels/webhooks',
      headers: bearer(root),
      payload: { name: 'Both', url: hook.url, kinds: ['fault'], enabled: true },
    });
    hook.state.secret = (body(made).data as { secret: string }).secret;
    const [box] = (await registerBoxes(a.app, 7301, 7301)) as [BoxCredentials];
    client = await connectBox(a.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const device = await eventually(async () =>
      a.app.db.selectFrom('devices').select('id').where('box_id', '=', box.boxId).executeTakeFirstOrThrow(),
    );
    const time = a.clock.now + 5000;
    b.clock.now = a.clock.now;
    const change = { deviceId: device.id, kind: 'fault', status: 'online_fault', time, eventId: 0, severity: null } as const;
    a.app.bus.publish('deviceTransition', change);
    b.app.bus.publish('deviceTransition', change);
    await Promise.all([a.app.notify.creator.idle(), b.app.notify.creator.idle()]);
    a.app.notify.deliverer.kick();
    b.app.notify.deliverer.kick();
    await Promise.all([a.app.notify.deliverer.idle(), b.app.notify.deliverer.idle()]);
    const notes = await a.app.db.selectFrom('notifications').select('id').where('device_id', '=', device.id).execute();
    expect(notes).toHaveLength(1);
    const deliveries = await a.app.db
      .selectFrom('notify_deliveries')
      .select(['id', 'status'])
      .where('notification_id', '=', notes[0]?.id ?? 0)
      .execute();
    expect(deliveries.map((d) => d.status)).toEqual(['sent']);
    expect(hook.got.filter((g) => g.delivery !== '0').map((g) => [g.delivery, g.valid])).toEqual([[String(deliveries[0]?.id), true]]);
  });
});
