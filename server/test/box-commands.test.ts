import {
  Code,
  type BoxCredentials,
  type CommandPayload,
  type CommandRow,
  type CommandsSent,
  type DwsRow,
  type IngestStats,
  type ServerEvent,
} from '@dms/contract';
import type { MqttClient } from 'mqtt';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { apiAs, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();
const FIRST = 8901;
const NOW = Date.UTC(2026, 10, 28, 12);
const H = 3_600_000;
const URL = '/smartbox/commands';

/** Commands to boxes (docs/box-protocol.md "Commands"; issue 23): sent, waiting, answered, timed out, expired, cancelled. */
describe.each(dialects)('box commands (%s)', (dialect) => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  const tokens: Record<string, string> = {};
  const { ok, refused } = apiAs(() => t.app, tokens);
  const clients: MqttClient[] = [];

  /** A box online: connected, listening to its commands (each kept in `got`), and said hello. */
  async function online(i: number, got: CommandPayload[] = []) {
    const b = boxes[i] as BoxCredentials;
    const c = await connectBox(t.app.mqttPort, b);
    clients.push(c);
    await c.subscribeAsync(`box/${b.boxId}/down/#`, { qos: 1 });
    c.on('message', (topic, payload) => {
      if (topic.endsWith('/down/cmd')) got.push(JSON.parse(payload.toString()) as CommandPayload);
    });
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await until(() => t.app.ingest.box(b.boxId)?.online === true);
    return { client: c, boxId: b.boxId, got, reply: (r: object) => send(c, b.boxId, 'reply', { v: 1, ...r }) };
  }
  const rowOf = async (id: string) =>
    (await ok<{ items: CommandRow[] }>('demo_root', 'GET', `${URL}?page_size=200`)).items.find((r) => r.id === id);
  const stateOf = async (id: string) => (await rowOf(id))?.state;
  /** Waits until `check` answers true. */
  const until = (check: () => boolean | Promise<boolean>) =>
    eventually(async () => {
      expect(await check()).toBe(true);
    });
  const drops = async () => (await ok<IngestStats>('demo_root', 'GET', '/boxes/ingest-stats')).drops;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = NOW;
    boxes = await registerBoxes(t.app, FIRST, FIRST + 5);
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manager']) tokens[u] = await login(t.app, u);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
  });
  afterAll(async () => t.close());

  it('goes at once to a box online, with its id, arguments and expiry, and follows its replies to the end', async () => {
    const box = await online(0);
    const sent = await ok<CommandsSent>('demo_root', 'POST', URL, {
      boxIds: [box.boxId],
      cmd: 'firmware',
      args: { version: '2.5.0', url: 'http://127.0.0.1:9/fw.bin', sha256: 'a'.repeat(64), size: 1024 },
    });
    expect(sent).toMatchObject({ sent: 1, queued: 0 });
    const id = sent.ids[0] as string;
    await until(() => box.got.length === 1);
    expect(box.got[0]).toEqual({
      v: 1,
      id,
      cmd: 'firmware',
      args: { version: '2.5.0', url: 'http://127.0.0.1:9/fw.bin', sha256: 'a'.repeat(64), size: 1024 },
      expires: NOW + 72 * H,
    });
    expect(await rowOf(id)).toMatchObject({ state: 'sent', sentAt: NOW, online: true, createdBy: 'demo_root', job: sent.job });

    await box.reply({ id, state: 'accepted' });
    await box.reply({ id, state: 'progress', stage: 'downloading' });
    await until(async () => (await stateOf(id)) === 'downloading');
    // A step that comes late never takes it back.
    await box.reply({ id, state: 'accepted' });
    await box.reply({ id, state: 'progress', stage: 'updating' });
    await until(async () => (await stateOf(id)) === 'updating');
    await box.reply({ id, state: 'done', fw: '2.5.0' });
    await until(async () => (await stateOf(id)) === 'done');
    expect(await rowOf(id)).toMatchObject({ fw: '2.5.0', finishedAt: NOW });
    // An answer after the end is late, one to an id nobody sent unknown: each counted, neither changes anything.
    const before = await drops();
    await box.reply({ id, state: 'failed', reason: 'install-failed' });
    await box.reply({ id: 'c-00000000-0000-4000-8000-000000000000', state: 'done' });
    await until(async () => {
      const after = await drops();
      return (
        (after['late-reply'] ?? 0) === (before['late-reply'] ?? 0) + 1 &&
        (after['unknown-command'] ?? 0) === (before['unknown-command'] ?? 0) + 1
      );
    });
    expect(await stateOf(id)).toBe('done');
  });

  it('follows a command another instance sharing the database stored, if it is the box’s and open', async () => {
    const box = await online(0);
    // Stored and sent by another instance (the box came here after a move, or through a balancer): not known here.
    const row = (id: string, boxId: number) => ({
      id,
      job: 'j-elsewhere',
      box_id: boxId,
      cmd: 'reboot',
      args: '{}',
      state: 'sent',
      created_by: 'demo_root',
      created_at: NOW,
      sent_at: NOW,
      deadline_at: NOW + H,
      updated_at: NOW,
      expires_at: NOW + H,
    });
    const mine = 'c-11111111-1111-4111-8111-111111111111';
    const theirs = 'c-22222222-2222-4222-8222-222222222222';
    await t.app.db
      .insertInto('box_commands')
      .values([row(mine, box.boxId), row(theirs, FIRST + 5)])
      .execute();
    await box.reply({ id: mine, state: 'accepted' });
    await until(async () => (await stateOf(mine)) === 'accepted');
    await box.reply({ id: mine, state: 'done' });
    await until(async () => (await stateOf(mine)) === 'done');
    // Another box's command is not this box's to answer: counted, unchanged.
    const before = (await drops())['unknown-command'] ?? 0;
    await box.reply({ id: theirs, state: 'done' });
    await until(async () => ((await drops())['unknown-command'] ?? 0) === before + 1);
    expect(await stateOf(theirs)).toBe('sent');
  });

  it('waits for a box offline (never reported delivered), goes down at its hello, and again at the next until answered', async () => {
    const sent = await ok<CommandsSent>('demo_root', 'POST', URL, {
      boxIds: [FIRST + 1],
      cmd: 'config',
      args: { interval: 30, deadband: 2 },
    });
    expect(sent).toMatchObject({ sent: 0, queued: 1 });
    const id = sent.ids[0] as string;
    expect(await rowOf(id)).toMatchObject({ state: 'queued', sentAt: null, online: false });

    const first = await online(1);
    await until(() => first.got.length === 1);
    expect(first.got[0]).toMatchObject({ id, cmd: 'config', args: { interval: 30, deadband: 2 } });
    await until(async () => (await stateOf(id)) === 'sent');
    await first.client.endAsync(true);
    // Reconnected without having answered: the same command, same id, once more.
    const second = await online(1);
    await until(() => second.got.length === 1);
    expect(second.got[0]?.id).toBe(id);
    await second.reply({ id, state: 'done' });
    await until(async () => (await stateOf(id)) === 'done');
    // Answered: the next hello sends nothing.
    await second.client.endAsync(true);
    const third = await online(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(third.got).toEqual([]);
  });

  it('ends a command without an answer as timeout, and one waiting too long as expired; a late answer is counted', async () => {
    const box = await online(2);
    const reboot = (await ok<CommandsSent>('demo_root', 'POST', URL, { boxIds: [box.boxId], cmd: 'reboot', args: {} })).ids[0] as string;
    const waiting = (await ok<CommandsSent>('demo_root', 'POST', URL, { boxIds: [FIRST + 3], cmd: 'clear-faults', args: {} }))
      .ids[0] as string;
    await until(async () => (await stateOf(reboot)) === 'sent');
    t.clock.now = NOW + 5 * 60_000 - 1;
    await t.app.boxCommands.sweep();
    expect(await stateOf(reboot)).toBe('sent');
    t.clock.now = NOW + 5 * 60_000;
    await t.app.boxCommands.sweep();
    expect(await rowOf(reboot)).toMatchObject({ state: 'timeout', finishedAt: NOW + 5 * 60_000 });
    const before = (await drops())['late-reply'] ?? 0;
    await box.reply({ id: reboot, state: 'done' });
    await until(async () => ((await drops())['late-reply'] ?? 0) === before + 1);
    expect(await stateOf(reboot)).toBe('timeout');

    expect(await stateOf(waiting)).toBe('queued');
    t.clock.now = NOW + 72 * H;
    await t.app.boxCommands.sweep();
    const expired = await t.app.db.selectFrom('box_commands').select(['state', 'reason']).where('id', '=', waiting).executeTakeFirst();
    expect(expired).toEqual({ state: 'expired', reason: 'expired' });
    t.clock.now = NOW;
    tokens.demo_root = await login(t.app, 'demo_root');
  });

  it('cancels a command still waiting, logged; one that went down is the box’s', async () => {
    const waiting = (await ok<CommandsSent>('demo_root', 'POST', URL, { boxIds: [FIRST + 4], cmd: 'reboot', args: {} })).ids[0] as string;
    expect(await ok<CommandRow>('demo_root', 'POST', `${URL}/${waiting}/cancel`)).toMatchObject({ id: waiting, state: 'cancelled' });
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target'])
      .where('action', '=', 'smartbox.cancelCommand')
      .execute();
    expect(logged).toContainEqual({ action: 'smartbox.cancelCommand', target: String(FIRST + 4) });
    const box = await online(5);
    const gone = (await ok<CommandsSent>('demo_root', 'POST', URL, { boxIds: [box.boxId], cmd: 'reboot', args: {} })).ids[0] as string;
    await until(async () => (await stateOf(gone)) === 'sent');
    await refused('demo_root', 'POST', `${URL}/${gone}/cancel`, undefined, {
      status: 409,
      code: Code.COMMAND_NOT_CANCELLABLE,
      message: 'Only a command still waiting for its box can be cancelled; this one is sent.',
    });
    await refused('demo_root', 'POST', `${URL}/c-00000000-0000-4000-8000-000000000000/cancel`, undefined, {
      status: 404,
      code: Code.NOT_FOUND,
      message: 'No such command.',
    });
  });

  it('lists by box, batch, state and command, newest first', async () => {
    const sent = await ok<CommandsSent>('demo_root', 'POST', URL, {
      boxIds: [FIRST + 3, FIRST + 4],
      cmd: 'server',
      args: { url: 'mqtt://10.0.0.5:1883' },
    });
    const page = await ok<{ total: number; items: CommandRow[] }>('demo_root', 'GET', `${URL}?job=${sent.job}`);
    expect(page.total).toBe(2);
    expect(page.items.map((r) => r.args)).toEqual([
      { url: 'mqtt://10.0.0.5:1883', fallback: 120 },
      { url: 'mqtt://10.0.0.5:1883', fallback: 120 },
    ]);
    const mine = await ok<{ items: CommandRow[] }>('demo_root', 'GET', `${URL}?boxId=${FIRST + 4}&state=queued&cmd=server`);
    expect(mine.items.map((r) => r.id)).toEqual(sent.ids.slice(1));
  });

  it('tells root’s consoles live which batches moved on, and nobody else’s', async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const sockets = await Promise.all(
      ['demo_root', 'demo_manager'].map(async (user) => {
        const ws = new WebSocket(`${base}/api/v2/ws`);
        const events: ServerEvent[] = [];
        ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as ServerEvent));
        await new Promise((r) => ws.once('open', r));
        ws.send(JSON.stringify({ type: 'auth', token: tokens[user] }));
        await until(() => events.some((e) => e.type === 'ready'));
        return { ws, events };
      }),
    );
    try {
      const box = await online(0);
      const sent = await ok<CommandsSent>('demo_root', 'POST', URL, { boxIds: [box.boxId, FIRST + 3], cmd: 'reboot', args: {} });
      const [root, manager] = sockets;
      /** The events that name this batch (an earlier test's batch may still be told). */
      const ofJob = () => root?.events.filter((e) => e.type === 'boxCommands' && e.jobs.includes(sent.job)) ?? [];
      await until(() => ofJob().length > 0);
      // Gathered: the send and the first sending are one event, not one per command.
      expect(ofJob()).toHaveLength(1);
      await box.reply({ id: sent.ids[0], state: 'done' });
      await until(() => ofJob().length === 2);
      expect(manager?.events.filter((e) => e.type === 'boxCommands')).toEqual([]);
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });

  it('refuses bad input with its message before anything is stored, and anyone but root', async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('box_commands')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = (payload: object, message: string, status = 400, code: number = Code.VALIDATION_FAILED) =>
      refused('demo_root', 'POST', URL, payload, { status, code, message });
    await bad({ boxIds: [FIRST], cmd: 'config', args: { interval: 0 } }, 'The report interval is 1 to 3600 seconds.');
    await bad({ boxIds: [FIRST], cmd: 'config', args: {} }, 'Change at least one setting: interval, deadband or registers.');
    await bad({ boxIds: [FIRST], cmd: 'config', args: { registers: [1, 1] } }, 'List at most 512 registers (0 to 65535), each once.');
    await bad(
      { boxIds: [FIRST], cmd: 'server', args: { url: 'http://10.0.0.5' } },
      'Enter the server as mqtt://host:port or mqtts://host:port.',
    );
    await bad(
      { boxIds: [FIRST], cmd: 'server', args: { url: 'mqtt://10.0.0.5:70000' } },
      'Enter the server as mqtt://host:port or mqtts://host:port.',
    );
    await bad(
      { boxIds: [FIRST], cmd: 'firmware', args: { version: '2', url: 'http://x/fw', sha256: 'ABC', size: 1 } },
      'The SHA-256 is 64 lower-case hexadecimal digits.',
    );
    await bad({ boxIds: [], cmd: 'reboot', args: {} }, 'Choose at least one box.');
    await bad({ boxIds: [FIRST, FIRST], cmd: 'reboot', args: {} }, 'Each box may be named once.');
    await bad(
      { boxIds: [FIRST, 999_999], cmd: 'reboot', args: {} },
      'These boxes are not registered: 999999.',
      404,
      Code.BOX_NOT_REGISTERED,
    );
    await refused(
      'demo_root',
      'POST',
      URL,
      { boxIds: [FIRST], cmd: 'config', args: { interval: 0 } },
      {
        status: 400,
        code: Code.VALIDATION_FAILED,
        message: '上报间隔为 1 到 3600 秒。',
      },
      'zh',
    );
    for (const user of ['demo_limited_admin', 'demo_manager'])
      await refused(user, 'POST', URL, { boxIds: [FIRST], cmd: 'reboot', args: {} }, { status: 403, code: Code.FORBIDDEN });
    await refused(null, 'POST', URL, { boxIds: [FIRST], cmd: 'reboot', args: {} }, { status: 401, code: Code.TOKEN_ILLEGAL });
    expect(await count()).toBe(before);
  });
});

/** Data upload settings (/smartbox/box-dws): set for boxes, sent as one `config` command, shown with its state. */
describe.each(dialects)('box data upload settings (%s)', (dialect) => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  const tokens: Record<string, string> = {};
  const { ok, refused } = apiAs(() => t.app, tokens);
  const DWS = '/smartbox/dws';
  const rowOf = async (boxId: number) =>
    (await ok<{ total: number; items: DwsRow[] }>('demo_root', 'GET', `${DWS}?q=${boxId}`)).items.find((r) => r.boxId === boxId);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = NOW;
    boxes = await registerBoxes(t.app, FIRST + 10, FIRST + 12);
    for (const u of ['demo_root', 'demo_limited_admin']) tokens[u] = await login(t.app, u);
  });
  afterAll(async () => t.close());

  it('stores what is given (the rest kept), sends it as a config command, and shows it with the command’s state', async () => {
    const [a, b] = boxes.map((x) => x.boxId);
    expect(await rowOf(a ?? 0)).toMatchObject({ settings: null, command: null, online: false, company: 'Test Co' });
    const first = await ok<CommandsSent>('demo_root', 'POST', DWS, { boxIds: [a, b], interval: 30, registers: [] });
    expect(first).toMatchObject({ sent: 0, queued: 2 });
    const second = await ok<CommandsSent>('demo_root', 'POST', DWS, { boxIds: [a], deadband: 5 });
    expect(await rowOf(a ?? 0)).toMatchObject({
      settings: { interval: 30, deadband: 5, registers: [], updatedBy: 'demo_root', updatedAt: NOW },
      command: { id: second.ids[0], job: second.job, state: 'queued', reason: null },
    });
    expect(await rowOf(b ?? 0)).toMatchObject({ settings: { interval: 30, deadband: null, registers: [] }, command: { id: first.ids[1] } });
    // The command carries only what was given.
    const sent = await t.app.db
      .selectFrom('box_commands')
      .select(['cmd', 'args'])
      .where('id', '=', second.ids[0] ?? '')
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ cmd: 'config', args: '{"deadband":5}' });
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select(['target', 'old_value', 'new_value'])
      .where('action', '=', 'smartbox.setUploadSettings')
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { target: `2 boxes (${first.job})`, old_value: null, new_value: '{"interval":30,"registers":[]}' },
      { target: String(a), old_value: '{"interval":30,"deadband":null,"registers":"[]"}', new_value: '{"deadband":5}' },
    ]);
    // Searched by a part of the company, too.
    expect((await ok<{ total: number }>('demo_root', 'GET', `${DWS}?q=test%20co`)).total).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad settings and unknown boxes with their messages, and anyone but root', async () => {
    const [a] = boxes.map((x) => x.boxId);
    const bad = (payload: object, message: string, status = 400, code: number = Code.VALIDATION_FAILED) =>
      refused('demo_root', 'POST', DWS, payload, { status, code, message });
    await bad({ boxIds: [a] }, 'Change at least one setting: interval, deadband or registers.');
    await bad({ boxIds: [a], interval: 3601 }, 'The report interval is 1 to 3600 seconds.');
    await bad({ boxIds: [a], deadband: -1 }, 'The deadband is 0 to 65535 (raw units).');
    await bad({ boxIds: [a, 999_998], interval: 10 }, 'These boxes are not registered: 999998.', 404, Code.BOX_NOT_REGISTERED);
    await refused('demo_limited_admin', 'POST', DWS, { boxIds: [a], interval: 10 }, { status: 403, code: Code.FORBIDDEN });
    await refused('demo_limited_admin', 'GET', DWS, undefined, { status: 403, code: Code.FORBIDDEN });
  });
});
