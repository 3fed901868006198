import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  Code,
  type AnnouncementBody,
  type AnnouncementDetail,
  type AnnouncementRow,
  type AudienceDevice,
  type AudienceUser,
  type MyAnnouncement,
  type OperationLogEntry,
} from '@dms/contract';
import { apiAs, buildTestApp, login, testDialects, userIds, type Method, type TestApp } from './helper.js';
import { ownDevices } from './people.js';

const dialects = await testDialects();
interface MyPage {
  total: number;
  items: MyAnnouncement[];
}
interface RootPage {
  total: number;
  items: AnnouncementRow[];
}

/** The box of demo_manager's device (shared with demo_helper), the device every device announcement here is for. */
const BOX = 7401;
/** A manager under root who reaches none of demo_manager's devices. */
const STRANGER = 'stranger_mgr';
const READERS = [
  'demo_root',
  'demo_limited_admin',
  'demo_manager',
  'demo_helper',
  'demo_end_user',
  'demo_afterSales',
  'demo_market',
  STRANGER,
];
const FORBIDDEN = 'You do not have permission to do this.';

/** docs/notifications.md "Announcements" (issue 22): root writes them; their audience reads them, pinned, until they expire. */
describe.each(dialects)('announcements on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let uid: (username: string) => number;
  let deviceId = 0;

  const { call, ok, refused } = apiAs(() => t.app, tokens);
  const invalid = (payload: unknown, message: string, lang = 'en', method: Method = 'POST', url = '/notice/announcements') =>
    refused('demo_root', method, url, payload, { status: 400, code: Code.VALIDATION_FAILED, message }, lang);
  const notFound = (user: string, method: Method, url: string, message: string, payload?: unknown, lang = 'en') =>
    refused(user, method, url, payload, { status: 404, code: Code.NOT_FOUND, message }, lang);

  /** A valid body: for everyone, not pinned, never expiring, in English. */
  const draft = (title: string, over: Partial<AnnouncementBody> = {}): AnnouncementBody => ({
    type: 'all',
    pin: 'none',
    expiresAt: null,
    texts: { en: { title, body: `About ${title}.` } },
    ...over,
  });
  /** Root publishes an announcement a second after the last one (so "newest" is well defined). */
  const publish = async (title: string, over: Partial<AnnouncementBody> = {}) => {
    t.clock.now += 1000;
    return ok<AnnouncementDetail>('demo_root', 'POST', '/notice/announcements', draft(title, over));
  };
  const mine = (user: string, query = '', lang = 'en') =>
    ok<MyPage>(user, 'GET', `/msg/announcements?page_size=50${query}`, undefined, { lang });
  /** How many of the user's announcements are unread (the list filtered to the unread ones). */
  const unread = async (user: string) => (await mine(user, '&read=unread')).total;
  const titlesOf = async (user: string, query = '') => (await mine(user, query)).items.map((a) => a.title);
  const banner = async (user: string) =>
    (await ok<{ announcement: MyAnnouncement | null }>(user, 'GET', '/msg/announcements/banner')).announcement;
  const rootList = (query = '', lang = 'en') =>
    ok<RootPage>('demo_root', 'GET', `/notice/announcements?page_size=50${query}`, undefined, { lang });
  const rowOf = async (id: number) => (await rootList()).items.find((r) => r.id === id);
  const markRead = (user: string, id: number) => ok<null>(user, 'POST', `/msg/announcements/${id}/read`);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    // A manager of another company, under root, signing in with the demo password.
    const { password_hash } = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'demo_manager')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('users')
      .values({
        username: STRANGER,
        password_hash,
        roles: JSON.stringify(['manager']),
        level: 6,
        is_manager: 1,
        group_extra: null,
        ck: null,
        name: 'Stranger Manager',
        avatar: '',
        introduction: '',
        remark: '',
        parent_id: uid('demo_root'),
        created_at: t.clock.now,
        password_changed_at: t.clock.now,
      })
      .execute();
    uid = await userIds(t);
    for (const u of READERS) tokens[u] = await login(t.app, u);
    [deviceId] = (await ownDevices(t, BOX, BOX, 'demo_manager', uid('demo_manager'))) as [number];
    await ok('demo_manager', 'POST', '/user_register/share_device', { userId: uid('demo_helper'), deviceId });
    const reach = await t.app.db.selectFrom('device_reach').select('user_id').where('device_id', '=', deviceId).execute();
    expect(reach.map((r) => r.user_id).sort((a, b) => a - b)).toEqual([uid('demo_manager'), uid('demo_helper')].sort((a, b) => a - b));
  });
  beforeEach(async () => {
    await t.app.db.deleteFrom('announcement_reads').execute();
    await t.app.db.deleteFrom('announcement_targets').execute();
    await t.app.db.deleteFrom('announcements').execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a device one to who reaches the device, a personal one to the chosen person, and one for all to everyone /msg serves', async () => {
    const device = await publish('Compressor maintenance', { type: 'device', deviceIds: [deviceId] });
    const personal = await publish('Your contract', { type: 'personal', userIds: [uid('demo_end_user')] });
    const all = await publish('Holiday hours');
    expect(device).toMatchObject({ type: 'device', pin: 'none', state: 'published', users: [], reached: 2, read: 0 });
    expect(device.devices).toEqual([expect.objectContaining({ id: deviceId, boxId: BOX, controller: 1 })]);
    expect(personal).toMatchObject({
      type: 'personal',
      devices: [],
      users: [{ id: uid('demo_end_user'), username: 'demo_end_user' }],
      reached: 1,
    });
    expect(all).toMatchObject({ type: 'all', devices: [], users: [] });

    // Newest first (none is pinned).
    expect(await titlesOf('demo_manager')).toEqual(['Holiday hours', 'Compressor maintenance']);
    expect(await titlesOf('demo_helper')).toEqual(['Holiday hours', 'Compressor maintenance']);
    expect(await titlesOf('demo_end_user')).toEqual(['Holiday hours', 'Your contract']);
    expect(await titlesOf(STRANGER)).toEqual(['Holiday hours']);
    expect(await titlesOf('demo_afterSales')).toEqual(['Holiday hours']);
    // Root and the admins see every device, but are not of a device announcement's audience (they are in no device_reach).
    expect(await titlesOf('demo_root')).toEqual(['Holiday hours']);
    expect(await titlesOf('demo_limited_admin')).toEqual(['Holiday hours']);
    await refused('demo_market', 'GET', '/msg/announcements', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    await refused('demo_market', 'GET', '/msg/announcements/banner', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });

    const page = await mine('demo_end_user');
    expect(page.total).toBe(2);
    expect(await unread('demo_end_user')).toBe(2);
    expect(page.items[1]).toEqual({
      id: personal.id,
      pin: 'none',
      language: 'en',
      title: 'Your contract',
      body: 'About Your contract.',
      createdAt: t.clock.now - 1000,
      expiresAt: null,
      readAt: null,
    });

    // Root's list: newest first, with the audience counted (everyone but market for type all).
    const users = await t.app.db.selectFrom('users').select('roles').execute();
    const everyone = users.filter((u) => !(JSON.parse(u.roles) as string[]).includes('market')).length;
    const list = await rootList();
    expect(list.total).toBe(3);
    expect(list.items.map((r) => [r.title, r.type, r.state, r.targets, r.reached, r.read, r.author])).toEqual([
      ['Holiday hours', 'all', 'published', 0, everyone, 0, 'demo_root'],
      ['Your contract', 'personal', 'published', 1, 1, 0, 'demo_root'],
      ['Compressor maintenance', 'device', 'published', 1, 2, 0, 'demo_root'],
    ]);
    expect((await rootList('&type=device')).items.map((r) => r.id)).toEqual([device.id]);
  });

  it('gives each reader their language, else the first there is (en, zh, es, ja)', async () => {
    const both = await publish('Maintenance window', {
      texts: { zh: { title: '维护窗口', body: '周六停机。' }, en: { title: 'Maintenance window', body: 'Down on Saturday.' } },
    });
    const spanish = await publish('Solo en español', { texts: { es: { title: 'Solo en español', body: 'Hola.' } } });
    const zh = await mine('demo_manager', '', 'zh');
    expect(zh.items.map((a) => [a.id, a.language, a.title, a.body])).toEqual([
      [spanish.id, 'es', 'Solo en español', 'Hola.'],
      [both.id, 'zh', '维护窗口', '周六停机。'],
    ]);
    const ja = await mine('demo_manager', '', 'ja');
    expect(ja.items.map((a) => [a.language, a.title])).toEqual([
      ['es', 'Solo en español'],
      ['en', 'Maintenance window'],
    ]);
    const rows = await rootList('', 'zh');
    expect(rows.items.map((r) => [r.title, [...r.languages].sort()])).toEqual([
      ['Solo en español', ['es']],
      ['维护窗口', ['en', 'zh']],
    ]);
  });

  it('orders super top, then top, then newest; hides expired and withdrawn ones, which root sees as such', async () => {
    const oldest = await publish('Oldest plain');
    const top = await publish('Pinned', { pin: 'top' });
    const newer = await publish('Newer plain');
    const superTop = await publish('Above all', { pin: 'super_top' });
    const laterTop = await publish('Pinned later', { pin: 'top' });
    const soon = await publish('Soon gone', { expiresAt: t.clock.now + 61_000 });
    const withdrawn = await publish('To withdraw', { pin: 'super_top' });
    expect(await titlesOf('demo_end_user')).toEqual([
      'To withdraw',
      'Above all',
      'Pinned later',
      'Pinned',
      'Soon gone',
      'Newer plain',
      'Oldest plain',
    ]);

    expect(await ok('demo_root', 'POST', `/notice/announcements/${withdrawn.id}/withdraw`)).toBeNull();
    // Withdrawing twice changes nothing.
    expect(await ok('demo_root', 'POST', `/notice/announcements/${withdrawn.id}/withdraw`)).toBeNull();
    t.clock.now += 120_000;

    const page = await mine('demo_end_user');
    expect(page.items.map((a) => a.id)).toEqual([superTop.id, laterTop.id, top.id, newer.id, oldest.id]);
    expect(page.items.map((a) => a.pin)).toEqual(['super_top', 'top', 'top', 'none', 'none']);
    expect(page.total).toBe(5);
    expect(await unread('demo_end_user')).toBe(5);
    expect(await titlesOf('demo_manager')).toEqual(['Above all', 'Pinned later', 'Pinned', 'Newer plain', 'Oldest plain']);

    const list = await rootList();
    expect(list.items.map((r) => [r.title, r.state])).toEqual([
      ['To withdraw', 'withdrawn'],
      ['Soon gone', 'expired'],
      ['Pinned later', 'published'],
      ['Above all', 'published'],
      ['Newer plain', 'published'],
      ['Pinned', 'published'],
      ['Oldest plain', 'published'],
    ]);
    expect((await rootList('&state=expired')).items.map((r) => r.id)).toEqual([soon.id]);
    expect((await rootList('&state=withdrawn')).items.map((r) => r.id)).toEqual([withdrawn.id]);
    expect((await rootList('&state=published')).total).toBe(5);
    expect((await ok<AnnouncementDetail>('demo_root', 'GET', `/notice/announcements/${soon.id}`)).state).toBe('expired');
    expect((await ok<AnnouncementDetail>('demo_root', 'GET', `/notice/announcements/${withdrawn.id}`)).state).toBe('withdrawn');

    // Neither can be marked read any more, nor is the withdrawn super-top one a banner.
    await notFound('demo_end_user', 'POST', `/msg/announcements/${soon.id}/read`, 'Not found.');
    await notFound('demo_end_user', 'POST', `/msg/announcements/${withdrawn.id}/read`, 'Not found.');
    expect((await banner('demo_end_user'))?.id).toBe(superTop.id);
  });

  it('makes a new super-top announcement a banner until read; root sees how many it reached and how many read it', async () => {
    expect(await banner('demo_manager')).toBeNull();
    const first = await publish('Recall of valve kits', { type: 'device', deviceIds: [deviceId], pin: 'super_top' });
    const second = await publish('Firmware update tonight', { type: 'device', deviceIds: [deviceId], pin: 'super_top' });
    await publish('Pinned, not a banner', { type: 'device', deviceIds: [deviceId], pin: 'top' });
    expect(await banner('demo_manager')).toMatchObject({ id: second.id, pin: 'super_top', title: 'Firmware update tonight', readAt: null });
    expect((await banner('demo_helper'))?.id).toBe(second.id);
    expect(await banner(STRANGER)).toBeNull();
    expect((await mine('demo_manager')).total).toBe(3);
    expect(await unread('demo_manager')).toBe(3);

    t.clock.now += 5000;
    expect(await markRead('demo_manager', second.id)).toBeNull();
    // Marking it again keeps the first time.
    const readAt = t.clock.now;
    t.clock.now += 5000;
    expect(await markRead('demo_manager', second.id)).toBeNull();
    // The older super-top one, unread, is the banner now; the helper still has the newer one.
    expect((await banner('demo_manager'))?.id).toBe(first.id);
    expect((await banner('demo_helper'))?.id).toBe(second.id);
    const page = await mine('demo_manager');
    expect(page.total).toBe(3);
    expect(await unread('demo_manager')).toBe(2);
    expect(page.items.find((a) => a.id === second.id)?.readAt).toBe(readAt);
    expect((await mine('demo_manager', '&read=read')).items.map((a) => a.id)).toEqual([second.id]);
    expect(await rowOf(second.id)).toMatchObject({ reached: 2, read: 1 });
    expect(await rowOf(first.id)).toMatchObject({ reached: 2, read: 0 });
    expect(await ok<AnnouncementDetail>('demo_root', 'GET', `/notice/announcements/${second.id}`)).toMatchObject({ reached: 2, read: 1 });

    await markRead('demo_manager', first.id);
    expect(await banner('demo_manager')).toBeNull();
    expect(await unread('demo_manager')).toBe(1);
    await markRead('demo_helper', second.id);
    expect(await rowOf(second.id)).toMatchObject({ reached: 2, read: 2 });
  });

  it('answers 404 to marking read an announcement that is not for the user, or none at all', async () => {
    const device = await publish('For the device’s users', { type: 'device', deviceIds: [deviceId] });
    const personal = await publish('For the end user', { type: 'personal', userIds: [uid('demo_end_user')] });
    await notFound(STRANGER, 'POST', `/msg/announcements/${device.id}/read`, 'Not found.');
    await notFound('demo_root', 'POST', `/msg/announcements/${device.id}/read`, 'Not found.');
    await notFound('demo_manager', 'POST', `/msg/announcements/${personal.id}/read`, 'Not found.');
    await notFound('demo_manager', 'POST', '/msg/announcements/999999/read', 'Not found.');
    await notFound('demo_manager', 'POST', '/msg/announcements/999999/read', '未找到。', undefined, 'zh');
    await refused('demo_market', 'POST', `/msg/announcements/${device.id}/read`, undefined, { status: 403, code: Code.FORBIDDEN });
    // Nobody's read was kept.
    expect(await rowOf(device.id)).toMatchObject({ reached: 2, read: 0 });
    expect(await rowOf(personal.id)).toMatchObject({ reached: 1, read: 0 });
    expect(await t.app.db.selectFrom('announcement_reads').selectAll().execute()).toEqual([]);
  });

  it('refuses a bad announcement with its message, in the caller’s language', async () => {
    await invalid(draft('x', { texts: {} }), 'Write the announcement in at least one language.');
    await invalid(draft('x', { texts: {} }), 'Escriba el anuncio en al menos un idioma.', 'es');
    await invalid(draft('   '), 'Please enter the title.');
    await invalid(draft(''), '请输入标题。', 'zh');
    await invalid(draft('x', { type: 'device' }), 'Choose the devices whose users it is for.');
    await invalid(draft('x', { type: 'device', deviceIds: [] }), 'Choose the devices whose users it is for.');
    await invalid(draft('x', { type: 'personal' }), 'Choose the people it is for.');
    await invalid(draft('x', { type: 'personal', userIds: [] }), 'Elija las personas a las que va dirigido.', 'es');
    await invalid(draft('x', { expiresAt: t.clock.now - 1000 }), 'The expiry must be later than now.');
    await invalid(draft('x', { expiresAt: t.clock.now }), 'The expiry must be later than now.');
    await invalid(draft('x', { expiresAt: t.clock.now - 1000 }), '到期时间必须晚于现在。', 'zh');
    await invalid(
      draft('x', { type: 'device', deviceIds: Array.from({ length: 501 }, (_, i) => i + 1) }),
      'At most 500 devices or people.',
    );

    // A person deleted since the picker named them, and devices that never were, are named.
    const { id: gone } = await t.app.db
      .insertInto('users')
      .values({
        username: 'gone_user',
        password_hash: 'x',
        roles: JSON.stringify(['end_user']),
        level: 8,
        is_manager: 0,
        group_extra: null,
        ck: null,
        name: 'Gone',
        avatar: '',
        introduction: '',
        remark: '',
        parent_id: uid('demo_manager'),
        created_at: t.clock.now,
        password_changed_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('users').where('id', '=', gone).execute();
    await invalid(
      draft('x', { type: 'personal', userIds: [uid('demo_end_user'), gone] }),
      `Some of the chosen devices or people no longer exist: ${gone}.`,
    );
    await invalid(
      draft('x', { type: 'personal', userIds: [uid('demo_end_user'), uid('demo_market')] }),
      `These people cannot read announcements (the console’s messages are not open to them): ${uid('demo_market')}.`,
    );
    await invalid(
      draft('x', { type: 'device', deviceIds: [999998, deviceId, 999999] }),
      'Some of the chosen devices or people no longer exist: 999998, 999999.',
    );
    await invalid(
      draft('x', { type: 'device', deviceIds: [999999] }),
      'Algunos de los dispositivos o personas elegidos ya no existen: 999999.',
      'es',
    );
    expect((await rootList()).total).toBe(0);

    // An unknown announcement, whichever call names it.
    const missing = 'No announcement has the id 424242.';
    await notFound('demo_root', 'GET', '/notice/announcements/424242', missing);
    await notFound('demo_root', 'PUT', '/notice/announcements/424242', missing, draft('Edited'));
    await notFound('demo_root', 'DELETE', '/notice/announcements/424242', missing);
    await notFound('demo_root', 'POST', '/notice/announcements/424242/withdraw', missing);
    await notFound('demo_root', 'GET', '/notice/announcements/424242', '没有 ID 为 424242 的公告。', undefined, 'zh');

    // An edit is checked as a new one is.
    const made = await publish('Valid');
    await invalid(draft('x', { type: 'personal' }), 'Choose the people it is for.', 'en', 'PUT', `/notice/announcements/${made.id}`);
    await invalid(draft('x', { expiresAt: 1 }), 'The expiry must be later than now.', 'en', 'PUT', `/notice/announcements/${made.id}`);
    await invalid(
      draft('x', { type: 'personal', userIds: [gone] }),
      `Some of the chosen devices or people no longer exist: ${gone}.`,
      'en',
      'PUT',
      `/notice/announcements/${made.id}`,
    );
    expect((await ok<AnnouncementDetail>('demo_root', 'GET', `/notice/announcements/${made.id}`)).texts).toEqual({
      en: { title: 'Valid', body: 'About Valid.' },
    });
  });

  it('moves an edited announcement to its new audience, keeps its reads, and deletes it with them', async () => {
    const made = await publish('Your contract', { type: 'personal', userIds: [uid('demo_end_user')] });
    expect(await titlesOf('demo_end_user')).toEqual(['Your contract']);
    expect(await titlesOf(STRANGER)).toEqual([]);

    t.clock.now += 1000;
    const edited = await ok<AnnouncementDetail>(
      'demo_root',
      'PUT',
      `/notice/announcements/${made.id}`,
      draft('Your contract (renewed)', { type: 'personal', pin: 'top', userIds: [uid(STRANGER)] }),
    );
    expect(edited).toMatchObject({
      id: made.id,
      type: 'personal',
      pin: 'top',
      users: [{ id: uid(STRANGER), username: STRANGER }],
      reached: 1,
    });
    expect(await titlesOf('demo_end_user')).toEqual([]);
    expect((await mine(STRANGER)).items).toMatchObject([{ id: made.id, pin: 'top', title: 'Your contract (renewed)', readAt: null }]);
    expect(await rowOf(made.id)).toMatchObject({ title: 'Your contract (renewed)', pin: 'top', updatedAt: t.clock.now });

    // Read, then edited again: the reader keeps it read.
    await markRead(STRANGER, made.id);
    await ok(
      'demo_root',
      'PUT',
      `/notice/announcements/${made.id}`,
      draft('Your contract (final)', { type: 'personal', userIds: [uid(STRANGER)] }),
    );
    expect((await mine(STRANGER)).items).toMatchObject([{ title: 'Your contract (final)', readAt: expect.any(Number) as unknown }]);
    expect(await rowOf(made.id)).toMatchObject({ reached: 1, read: 1 });

    // Made a device announcement: the device's users have it, the stranger no longer.
    const device = await ok<AnnouncementDetail>(
      'demo_root',
      'PUT',
      `/notice/announcements/${made.id}`,
      draft('For the compressor', { type: 'device', deviceIds: [deviceId] }),
    );
    expect(device).toMatchObject({ type: 'device', users: [], reached: 2, read: 0 });
    expect(await titlesOf(STRANGER)).toEqual([]);
    expect(await titlesOf('demo_helper')).toEqual(['For the compressor']);
    await markRead('demo_helper', made.id);

    expect(await ok('demo_root', 'DELETE', `/notice/announcements/${made.id}`)).toBeNull();
    await notFound('demo_root', 'GET', `/notice/announcements/${made.id}`, `No announcement has the id ${made.id}.`);
    await notFound('demo_root', 'DELETE', `/notice/announcements/${made.id}`, `No announcement has the id ${made.id}.`);
    expect(await titlesOf('demo_helper')).toEqual([]);
    expect((await rootList()).total).toBe(0);
    expect(await t.app.db.selectFrom('announcement_reads').selectAll().where('announcement_id', '=', made.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('announcement_targets').selectAll().where('announcement_id', '=', made.id).execute()).toEqual([]);
  });

  it('answers 401 without a token and 403 to everyone but root on root’s calls', async () => {
    const made = await publish('Root only');
    for (const url of ['/notice/announcements', '/msg/announcements', '/msg/announcements/banner'])
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    await refused(null, 'POST', `/msg/announcements/${made.id}/read`, undefined, { status: 401, code: Code.TOKEN_ILLEGAL });
    await refused(null, 'POST', '/notice/announcements', draft('x'), { status: 401, code: Code.TOKEN_ILLEGAL });
    const forbidden = { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN };
    for (const user of ['demo_limited_admin', 'demo_manager', 'demo_end_user', 'demo_market']) {
      await refused(user, 'GET', '/notice/announcements', undefined, forbidden);
      await refused(user, 'GET', `/notice/announcements/${made.id}`, undefined, forbidden);
      await refused(user, 'POST', '/notice/announcements', draft('Not theirs'), forbidden);
      await refused(user, 'PUT', `/notice/announcements/${made.id}`, draft('Not theirs'), forbidden);
      await refused(user, 'POST', `/notice/announcements/${made.id}/withdraw`, undefined, forbidden);
      await refused(user, 'DELETE', `/notice/announcements/${made.id}`, undefined, forbidden);
      await refused(user, 'GET', '/notice/audience/users?q=demo', undefined, forbidden);
      await refused(user, 'GET', '/notice/audience/devices', undefined, forbidden);
    }
    await refused(
      'demo_manager',
      'GET',
      '/notice/announcements',
      undefined,
      { status: 403, code: Code.FORBIDDEN, message: '您没有执行此操作的权限。' },
      'zh',
    );
    expect(await rowOf(made.id)).toMatchObject({ title: 'Root only', state: 'published' });
  });

  it('finds people and devices for the audience pickers; never a market user', async () => {
    const users = (q: string) => ok<AudienceUser[]>('demo_root', 'GET', `/notice/audience/users?q=${encodeURIComponent(q)}`);
    const devices = (q: string) => ok<AudienceDevice[]>('demo_root', 'GET', `/notice/audience/devices?q=${encodeURIComponent(q)}`);
    expect(await users('end')).toEqual([{ id: uid('demo_end_user'), username: 'demo_end_user' }]);
    expect(await users('STRANGER')).toEqual([{ id: uid(STRANGER), username: STRANGER }]);
    expect(await users('market')).toEqual([]);
    const demo = (await users('demo')).map((u) => u.username);
    expect(demo).toEqual(expect.arrayContaining(['demo_root', 'demo_manager', 'demo_helper', 'demo_end_user']));
    expect(demo).not.toContain('demo_market');
    expect(demo).toEqual([...demo].sort());
    const everyone = await ok<AudienceUser[]>('demo_root', 'GET', '/notice/audience/users');
    expect(everyone.map((u) => u.username)).not.toContain('demo_market');
    expect(everyone.length).toBeGreaterThan(demo.length - 1);
    // The wildcards of LIKE are taken literally.
    expect(await users('%')).toEqual([]);

    expect(await devices(String(BOX))).toEqual([expect.objectContaining({ id: deviceId, boxId: BOX, controller: 1 })]);
    expect((await devices('740')).map((d) => d.id)).toContain(deviceId);
    expect(await devices('999999')).toEqual([]);
    expect((await ok<AudienceDevice[]>('demo_root', 'GET', '/notice/audience/devices')).map((d) => d.id)).toContain(deviceId);
  });

  it('follows the device’s reach: a helper whose share ended no longer has its announcement, nor counts', async () => {
    const made = await publish('Shared device notice', { type: 'device', deviceIds: [deviceId], pin: 'super_top' });
    await markRead('demo_helper', made.id);
    expect(await rowOf(made.id)).toMatchObject({ reached: 2, read: 1 });
    const share = { userId: uid('demo_helper'), deviceId };
    try {
      await ok('demo_manager', 'POST', '/user_register/recall_shared_device', share);
      expect(await titlesOf('demo_helper')).toEqual([]);
      await notFound('demo_helper', 'POST', `/msg/announcements/${made.id}/read`, 'Not found.');
      expect(await rowOf(made.id)).toMatchObject({ reached: 1, read: 0 });
      expect((await banner('demo_manager'))?.id).toBe(made.id);
    } finally {
      await ok('demo_manager', 'POST', '/user_register/share_device', share);
    }
    // Shared again, the helper has it again, still read.
    expect((await mine('demo_helper')).items).toMatchObject([{ id: made.id, readAt: expect.any(Number) as unknown }]);
    expect(await rowOf(made.id)).toMatchObject({ reached: 2, read: 1 });
  });

  it('finds a name with an underscore in it (the LIKE escape on every database)', async () => {
    const found = await ok<AudienceUser[]>('demo_root', 'GET', '/notice/audience/users?q=end_user');
    expect(found).toEqual([{ id: uid('demo_end_user'), username: 'demo_end_user' }]);
  });

  it('searches root’s list by words of a title or text, not by the stored form’s own keys', async () => {
    const pump = await publish('Pump inspection', { texts: { en: { title: 'Pump inspection', body: 'Every spring.' } } });
    await publish('Holiday hours', { texts: { en: { title: 'Holiday hours', body: 'Closed on Monday.' } } });
    expect((await rootList('&q=PUMP')).items.map((r) => r.id)).toEqual([pump.id]);
    expect((await rootList('&q=nothing-like-it')).total).toBe(0);
    expect((await rootList('&q=monday')).items.map((r) => r.title)).toEqual(['Holiday hours']);
    expect((await rootList('&q=title')).total).toBe(0);
    expect((await rootList('&q=body')).total).toBe(0);
  });

  it('records publishing, changing, withdrawing and deleting in the operation log', async () => {
    const made = await publish('Logged one', { type: 'personal', pin: 'top', userIds: [uid('demo_end_user')] });
    await ok('demo_root', 'PUT', `/notice/announcements/${made.id}`, draft('Logged one, changed'));
    await ok('demo_root', 'POST', `/notice/announcements/${made.id}/withdraw`);
    await ok('demo_root', 'DELETE', `/notice/announcements/${made.id}`);
    const log = await ok<{ items: OperationLogEntry[] }>(
      'demo_root',
      'GET',
      '/datalog/operation-log?action=notice.announcementCreate&page_size=50',
    );
    expect(log.items.find((e) => e.target === `#${made.id}`)).toMatchObject({
      username: 'demo_root',
      action: 'notice.announcementCreate',
      new_value: 'personal top: Logged one',
      outcome: 'ok',
    });
    const rows = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'old_value', 'new_value'])
      .where('target', '=', `#${made.id}`)
      .where('action', 'like', 'notice.announcement%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'notice.announcementCreate', old_value: null, new_value: 'personal top: Logged one' },
      { action: 'notice.announcementUpdate', old_value: 'personal top: Logged one', new_value: 'all none: Logged one, changed' },
      { action: 'notice.announcementWithdraw', old_value: null, new_value: null },
      { action: 'notice.announcementDelete', old_value: 'Logged one, changed', new_value: null },
    ]);
  });
});
