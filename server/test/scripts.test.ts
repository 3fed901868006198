import { type BoxCredentials, type RunSecrets, type ScriptItem, type ScriptPreview, type ScriptRun } from '@dms/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeringBox, data, eventually, registerBoxes, send } from './boxes.js';
import { exportedSheet } from './export-file.js';
import { apiAs, body, buildTestApp, linkHelper, login, testDialects, userIds, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure'); // writable, 0.40..1.30 MPa, 2 decimals
const PRESSURE = reg('screw-compressor', 'discharge_pressure'); // read-only
const DAY = 24 * 60 * 60_000;

type Answer = 'ack' | 'reject' | 'silent';

const ANSWERS = { ack: { ok: true }, reject: { ok: false, reason: 'refused' }, silent: null } as const;

/** A box with one compressor that answers every write as told, holding `pressure` as its target pressure. */
async function box(port: number, b: BoxCredentials, answer: Answer, pressure: number) {
  const answering = await answeringBox(port, b, 'screw-compressor', () => ANSWERS[answer]);
  await send(answering.client, b.boxId, 'data', data(Date.now(), { '1': { [TARGET_PRESSURE]: pressure } }));
  return answering;
}

describe.each(dialects)('maintenance scripts on %s', (dialect) => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  const clients: MqttClient[] = [];
  const b = (i: number) => boxes[i] as BoxCredentials;
  let typeId: number;

  const preview = (input: unknown) => api.ok<ScriptPreview>('demo_root', 'POST', '/scripts/runs', input);
  const run = (id: number) => api.ok<ScriptRun>('demo_root', 'GET', `/scripts/runs/${id}`);
  const items = async (id: number) =>
    (await api.ok<{ items: ScriptItem[] }>('demo_root', 'GET', `/scripts/runs/${id}/items?page_size=200`)).items;
  /** A form refused with 400 and its message (English unless `lang`). */
  const badForm = (input: unknown, message: string, lang = 'en') =>
    api.refused('demo_root', 'POST', '/scripts/runs', input, { status: 400, code: 40001, message }, lang);
  /** A start or undo refused with 400 and its message. */
  const badConfirm = (id: number, step: 'start' | 'undo', count: number, message: string) =>
    api.refused('demo_root', 'POST', `/scripts/runs/${id}/${step}`, { count }, { status: 400, code: 40001, message });
  const finished = async (id: number) => {
    await t.app.scripts.idle();
    return run(id);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { WRITE_TIMEOUT_MS: '300' });
    boxes = await registerBoxes(t.app, 7001, 7004);
    for (const u of ['demo_root', 'demo_manager', 'demo_helper', 'demo_district_dist']) tokens[u] = await login(t.app, u);
    const answers: Answer[] = ['ack', 'reject', 'silent', 'ack'];
    for (const [i, answer] of answers.entries()) clients.push((await box(t.app.mqttPort, b(i), answer, 70 + i)).client);
    // The fourth box goes offline: its write is queued until it says hello again.
    await clients[3]?.endAsync(true);
    typeId = (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow())
      .id;
    await eventually(async () => {
      expect((await t.app.db.selectFrom('boxes').select('online').where('box_id', '=', 7004).executeTakeFirstOrThrow()).online).toBe(0);
    });
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await t.close();
  });

  it('is root only: 401 without a session, 403 for anyone else', async () => {
    await api.refused(null, 'GET', '/scripts/runs', undefined, { status: 401, code: 50008 });
    await api.refused('demo_manager', 'GET', '/scripts/runs', undefined, { status: 403, code: 40300 });
    await api.refused('demo_manager', 'POST', '/scripts/runs', { script: 'check-inactive', days: 1 }, { status: 403, code: 40300 });
  });

  it('refuses a bad form with the exact message, in the caller language', async () => {
    const form = { script: 'batch-modify-params', typeId, register: TARGET_PRESSURE, value: 0.8 };
    await badForm({ ...form, startBoxId: 9, endBoxId: 8 }, 'The last box ID comes before the first.');
    await badForm({ ...form, value: 5 }, 'The value must be between 0.4 and 1.3.');
    await badForm({ ...form, register: PRESSURE }, `Register ${PRESSURE} cannot be written.`);
    await badForm({ ...form, startBoxId: 9000 }, 'Nothing matches, so there is nothing to change.');
    await badForm({ script: 'check-inactive', days: 0 }, 'Enter how many days a box has been silent: a whole number from 1 to 3650.');
    await badForm({ script: 'check-inactive', days: 0 }, '请输入盒子离线的天数：1到3650的整数。', 'zh');
    await badForm({ script: 'reset-pwd', usernames: ['demo_helper', 'nobody_here'] }, 'There is no user nobody_here.');
    await badForm({ script: 'reset-pwd', usernames: ['demo_root'] }, "Root's own password is not reset by a script.");
  });

  it('batch-modify-params: previews, starts on the named count, writes through the single write, and undoes', async () => {
    const p = await preview({
      script: 'batch-modify-params',
      typeId,
      register: TARGET_PRESSURE,
      value: 0.8,
      startBoxId: 7001,
      endBoxId: 7004,
    });
    expect(p.run).toMatchObject({
      script: 'batch-modify-params',
      state: 'preview',
      total: 4,
      done: 0,
      counts: { planned: 4 },
      undoable: false,
    });
    expect(p.items.map((i) => [i.target.split(' ')[0], i.before, i.after, i.outcome])).toEqual([
      ['7001/1', '0.7', '0.8', 'planned'],
      ['7002/1', '0.71', '0.8', 'planned'],
      ['7003/1', '0.72', '0.8', 'planned'],
      ['7004/1', '0.73', '0.8', 'planned'],
    ]);
    // Nothing was written by the preview, and it is not in the list until started.
    expect(await api.ok<{ total: number }>('demo_root', 'GET', '/scripts/runs?script=batch-modify-params')).toMatchObject({ total: 0 });
    await badConfirm(p.run.id, 'start', 3, 'The run changes 4 items, not 3. Look at it again before you confirm.');
    const started = await api.ok<ScriptRun>('demo_root', 'POST', `/scripts/runs/${p.run.id}/start`, { count: 4 });
    expect(['running', 'waiting', 'done']).toContain(started.state);
    await badConfirm(p.run.id, 'start', 4, 'This run has already been started, or its preview expired. Preview it again.');
    const after = await finished(p.run.id);
    expect(after).toMatchObject({ state: 'waiting', done: 4, counts: { ok: 1, rejected: 1, timeout: 1, queued: 1 }, undoable: true });
    const log = await items(p.run.id);
    expect(log.every((i) => i.subject === null)).toBe(true);
    expect(log.map((i) => [i.outcome, i.message])).toEqual([
      ['ok', null],
      ['rejected', 'The controller refused the value (refused).'],
      ['timeout', 'The box did not answer in time.'],
      ['queued', 'The device is offline; nothing can be sent to it now.'],
    ]);
    // The single write's operation log holds each write that reached a box.
    const ops = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target'])
      .where('action', 'in', ['device.write', 'script.start'])
      .execute();
    expect(
      ops
        .filter((o) => o.action === 'device.write')
        .map((o) => o.target.split(' ')[0])
        .sort(),
    ).toEqual(['7001/1', '7002/1', '7003/1']);
    expect(ops.some((o) => o.action === 'script.start' && o.target === `batch-modify-params #${p.run.id}`)).toBe(true);

    // The offline box comes back: its queued write goes down, and the run is done.
    const back = await box(t.app.mqttPort, b(3), 'ack', 73);
    clients.push(back.client);
    await eventually(async () => {
      expect(await run(p.run.id)).toMatchObject({ state: 'done', counts: { ok: 2, rejected: 1, timeout: 1 } });
    });
    expect(back.writes.map((w) => [w.register, w.value])).toEqual([[TARGET_PRESSURE, 80]]);

    await badConfirm(p.run.id, 'undo', 1, 'The run changes 2 items, not 1. Look at it again before you confirm.');
    await api.ok('demo_root', 'POST', `/scripts/runs/${p.run.id}/undo`, { count: 2 });
    expect(await finished(p.run.id)).toMatchObject({ state: 'undone', counts: { undone: 2, rejected: 1, timeout: 1 }, undoable: false });
    expect(back.writes.map((w) => w.value)).toEqual([80, 73]);
    await badConfirm(p.run.id, 'undo', 2, 'This run cannot be undone.');

    // The whole log as .xlsx.
    const { sheet } = await exportedSheet(api, 'demo_root', { kind: 'script-items', filter: { runId: p.run.id } });
    expect(sheet.getRow(1).values).toEqual([undefined, 'No.', 'Item', 'Before', 'After', 'Outcome', 'Message']);
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(3).getCell(5).text).toBe('Rejected');
  });

  it('reset-pwd: passwords generated, shown once, sessions ended; no undo', async () => {
    const p = await preview({ script: 'reset-pwd', usernames: ['demo_helper'] });
    expect(p.run).toMatchObject({ total: 1, noUndo: 'scripts.noUndo.password' });
    expect(p.items[0]).toMatchObject({ target: expect.stringContaining('demo_helper') as string, after: 'a new generated password' });
    await api.ok('demo_root', 'POST', `/scripts/runs/${p.run.id}/start`, { count: 1 });
    expect(await finished(p.run.id)).toMatchObject({ state: 'done', counts: { ok: 1 }, secrets: true, undoable: false });
    // Another root does not read them: only who ran it.
    const root = await t.app.db.selectFrom('users').selectAll().where('username', '=', 'demo_root').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = root;
    await t.app.db
      .insertInto('users')
      .values({ ...copy, username: 'second_root' })
      .execute();
    tokens.second_root = await login(t.app, 'second_root');
    await api.refused('second_root', 'POST', `/scripts/runs/${p.run.id}/secrets`, undefined, {
      status: 403,
      code: 40300,
      message: 'Only whoever ran this script sees the passwords it made.',
    });
    const secrets = await api.ok<RunSecrets>('demo_root', 'POST', `/scripts/runs/${p.run.id}/secrets`);
    expect(secrets).toHaveLength(1);
    const password = secrets[0]?.secret ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    await api.refused('demo_root', 'POST', `/scripts/runs/${p.run.id}/secrets`, undefined, {
      status: 400,
      code: 40001,
      message: 'These passwords were shown once already, or the server has restarted since. Reset them again.',
    });
    // The old session ended; the new password signs in.
    expect((await api.call('demo_helper', 'GET', '/user/info')).statusCode).toBe(401);
    expect(await login(t.app, 'demo_helper', password)).toBeTruthy();
    const ops = await t.app.db.selectFrom('operation_log').select(['target']).where('action', '=', 'script.resetPassword').execute();
    expect(ops.map((o) => o.target)).toEqual(['demo_helper']);
  });

  it('ck-pwd: the CK group below its factory, never the factory', async () => {
    const p = await preview({ script: 'ck-pwd', ck: '1333' });
    const targets = (await items(p.run.id)).map((i) => i.target.split(' ')[0]);
    expect(targets).toContain('demo_district_dist');
    expect(targets).not.toContain('demo_manufacturer');
    await badForm({ script: 'ck-pwd', ck: '9876' }, 'CK code 9876 has no users whose passwords could be reset.');
    await badForm({ script: 'ck-pwd', ck: '12' }, 'CK code must be four digits!');
    await api.ok('demo_root', 'POST', `/scripts/runs/${p.run.id}/start`, { count: targets.length });
    expect(await finished(p.run.id)).toMatchObject({ state: 'done', counts: { ok: targets.length } });
    expect((await api.call('demo_district_dist', 'GET', '/user/info')).statusCode).toBe(401);
  });

  it('check-inactive: a report at once, kept in the list; a preview expires after an hour', async () => {
    const stale = await preview({
      script: 'batch-modify-params',
      typeId,
      register: TARGET_PRESSURE,
      value: 0.9,
      startBoxId: 7001,
      endBoxId: 7001,
    });
    // The boxes were last heard three days ago.
    await t.app.db
      .updateTable('boxes')
      .set({ last_seen: t.clock.now - 3 * DAY, registered_at: t.clock.now - 10 * DAY })
      .where('box_id', '>=', 7001)
      .execute();
    const report = await preview({ script: 'check-inactive', days: 2 });
    expect(report.run).toMatchObject({ state: 'done', total: 4, counts: { found: 4 }, undoable: false, noUndo: 'scripts.noUndo.readOnly' });
    expect(report.items.map((i) => i.target)).toEqual(['7001', '7002', '7003', '7004']);
    expect(report.items[0]?.after).toBe('demo_manager (Test Co)');
    // What each row is about, for the console's hand-offs to box delete and to an announcement to the owners.
    expect(report.items[0]?.subject).toEqual({ boxId: 7001, userId: (await userIds(t))('demo_manager'), username: 'demo_manager' });
    expect((await preview({ script: 'check-inactive', days: 4 })).run).toMatchObject({ state: 'done', total: 0 });
    const list = await api.ok<{ total: number; items: ScriptRun[] }>('demo_root', 'GET', '/scripts/runs?script=check-inactive');
    expect(list.items.map((r) => [r.script, r.username, r.input])).toEqual([
      ['check-inactive', 'demo_root', { days: 4 }],
      ['check-inactive', 'demo_root', { days: 2 }],
    ]);
    const now = t.clock.now;
    t.clock.now = now + 61 * 60_000;
    try {
      await badConfirm(stale.run.id, 'start', 1, 'This run has already been started, or its preview expired. Preview it again.');
    } finally {
      t.clock.now = now;
    }
  });

  it('reset-device: boxes back to who registered them with their links ended, and given back by undo', async () => {
    const uid = await userIds(t);
    const deviceOf = async (boxId: number) =>
      (await t.app.db.selectFrom('devices').select('id').where('box_id', '=', boxId).executeTakeFirstOrThrow()).id;
    const device = await deviceOf(7002);
    await linkHelper(t, device);
    const reachOf = async (user: string) =>
      (await t.app.db.selectFrom('device_reach').select('device_id').where('user_id', '=', uid(user)).execute()).map((r) => r.device_id);
    expect(await reachOf('demo_helper')).toContain(device);
    const ownerOf = async (boxId: number) =>
      (await t.app.db.selectFrom('boxes').select('owner_id').where('box_id', '=', boxId).executeTakeFirstOrThrow()).owner_id;

    const p = await preview({ script: 'reset-device', startBoxId: 7001, endBoxId: 7002 });
    expect(p.items.map((i) => [i.target, i.before, i.after])).toEqual([
      ['7001', 'Owner: demo_manager', 'Owner: demo_root'],
      ['7002', 'Owner: demo_manager; 1: helper demo_helper', 'Owner: demo_root'],
    ]);
    await badForm({ script: 'reset-device', startBoxId: 7002, endBoxId: 7001 }, 'The last box ID comes before the first.');
    await api.ok('demo_root', 'POST', `/scripts/runs/${p.run.id}/start`, { count: 2 });
    expect(await finished(p.run.id)).toMatchObject({ state: 'done', counts: { ok: 2 }, undoable: true });
    expect(await ownerOf(7002)).toBe(uid('demo_root'));
    expect(await reachOf('demo_helper')).not.toContain(device);
    expect(await reachOf('demo_manager')).not.toContain(device);
    // Nothing left to clear: a second preview finds nothing.
    await badForm({ script: 'reset-device', startBoxId: 7001, endBoxId: 7002 }, 'Nothing matches, so there is nothing to change.');

    await api.ok('demo_root', 'POST', `/scripts/runs/${p.run.id}/undo`, { count: 2 });
    expect(await finished(p.run.id)).toMatchObject({ state: 'undone', counts: { undone: 2 } });
    expect(await ownerOf(7002)).toBe(uid('demo_manager'));
    expect(await reachOf('demo_helper')).toContain(device);
    const ops = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target'])
      .where('action', 'in', ['script.resetBox', 'script.restoreBox'])
      .execute();
    expect(ops.map((o) => `${o.action} ${o.target}`).sort()).toEqual([
      'script.resetBox 7001',
      'script.resetBox 7002',
      'script.restoreBox 7001',
      'script.restoreBox 7002',
    ]);
  });

  it('batch-modify-box: fields set on a range through the box services, CK code included, and set back by undo', async () => {
    const boxRow = (boxId: number) =>
      t.app.db
        .selectFrom('boxes')
        .select(['contact', 'push_fault', 'ck', 'company_name'])
        .where('box_id', '=', boxId)
        .executeTakeFirstOrThrow();
    await badForm({ script: 'batch-modify-box', startBoxId: 7001, endBoxId: 7002, fields: {} }, 'Choose at least one field to set.');
    const p = await preview({
      script: 'batch-modify-box',
      startBoxId: 7001,
      endBoxId: 7002,
      fields: { contact: 'Night shift', pushFault: 3, ck: '1333' },
    });
    expect(p.items.map((i) => [i.target, i.before, i.after])).toEqual([
      ['7001', 'Contact: –; Fault pushes: 1; CK code: –', 'Contact: Night shift; Fault pushes: 3; CK code: 1333'],
      ['7002', 'Contact: –; Fault pushes: 1; CK code: –', 'Contact: Night shift; Fault pushes: 3; CK code: 1333'],
    ]);
    await api.ok('demo_root', 'POST', `/scripts/runs/${p.run.id}/start`, { count: 2 });
    expect(await finished(p.run.id)).toMatchObject({ state: 'done', counts: { ok: 2 } });
    expect(await boxRow(7002)).toEqual({ contact: 'Night shift', push_fault: 3, ck: '1333', company_name: 'Test Co' });
    // The CK went through the box-CK service: its history and its own log.
    const ckLog = await t.app.db.selectFrom('operation_log').select('target').where('action', '=', 'ck.boxSet').execute();
    expect(ckLog.map((o) => o.target).sort()).toEqual(['7001', '7002']);
    // Set already: nothing to change.
    await badForm(
      { script: 'batch-modify-box', startBoxId: 7001, endBoxId: 7002, fields: { contact: 'Night shift' } },
      'Nothing matches, so there is nothing to change.',
    );
    await api.ok('demo_root', 'POST', `/scripts/runs/${p.run.id}/undo`, { count: 2 });
    expect(await finished(p.run.id)).toMatchObject({ state: 'undone', counts: { undone: 2 } });
    expect(await boxRow(7002)).toEqual({ contact: '', push_fault: 1, ck: null, company_name: 'Test Co' });
  });

  it('a run the server stopped in the middle of is failed, with the reason', async () => {
    const p = await preview({
      script: 'batch-modify-params',
      typeId,
      register: TARGET_PRESSURE,
      value: 0.9,
      startBoxId: 7001,
      endBoxId: 7001,
    });
    await t.app.db.updateTable('script_runs').set({ state: 'running' }).where('id', '=', p.run.id).execute();
    await t.app.scripts.recover();
    expect(await run(p.run.id)).toMatchObject({ state: 'failed', error: 'error.scripts.interrupted' });
    expect(body(await api.call('demo_root', 'GET', '/scripts/runs/999999')).code).toBe(40400);
  });
});
