import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  type BoxCredentials,
  type CardChange,
  type CardImportResult,
  type CardRow,
  type ExportJob,
  type OperationLogEntry,
} from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { apiAs, body, buildTestApp, login, testDialects, userIds, type Method, type TestApp } from './helper.js';

const dialects = await testDialects();
interface CardPage {
  total: number;
  items: CardRow[];
}
type Month = 'this_month' | 'next_month' | 'expired';

/** The app clock of every test here: 2026-05-14 10:00 UTC, so "today" is 2026-05-14. */
const NOW = Date.UTC(2026, 4, 14, 10, 0, 0);
const FORBIDDEN = 'You do not have permission to do this.';
const USERS = ['demo_root', 'demo_limited_admin', 'demo_manager', 'demo_helper', 'demo_afterSales', 'demo_market'];
/** demo_manager's boxes: A changes its card; B2..B5 carry the cards of the months. */
const BOX_A = 7701;
const BOX_B = [7702, 7703, 7704, 7705] as const;
/** demo_afterSales' box: demo_manager reaches none of its devices. */
const BOX_S = 7711;
/** demo_manager's box whose hellos come close together. */
const BOX_R = 7706;
const ICCID = {
  a1: '89860011112222335001',
  a2: '89860011112222335002',
  b2: '89860011112222335102',
  b3: '89860011112222335103',
  b4: '89860011112222335104',
  b5: '89860011112222335105',
  s: '89860011112222335211',
  /** Only imported: no box reports it. */
  orphan: '89860011112222335901',
  /** Unknown until the import test applies its sheet. */
  n1: '89860011112222335902',
  /** An imported card whose ICCID ends in the letter F. */
  f: '8986001111222233591F',
  r1: '89860011112222336001',
  r2: '89860011112222336002',
  r3: '89860011112222336003',
} as const;

/** docs/iot-cards.md (issue 22): the cards the boxes report, their expiry, the top bar's expired-device list. */
describe.each(dialects)('IoT cards on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const boxes = new Map<number, BoxCredentials>();
  const clients = new Map<number, MqttClient>();
  /** Card ids by ICCID, read once the card exists. */
  const ids: Record<string, number> = {};

  const { call, ok, refused } = apiAs(() => t.app, tokens);
  const invalid = (user: string, method: Method, url: string, payload: unknown, message: string, lang = 'en') =>
    refused(user, method, url, payload, { status: 400, code: Code.VALIDATION_FAILED, message }, lang);

  /** One page of the expired-device list (the top bar's call answers 1000). */
  const expiredPage = (user: string, query: string) =>
    ok<CardPage>(user, 'GET', `/iot_card/get_expired_list?${query}`, undefined, { code: Code.TOPBAR_SUCCESS });
  /** Every row of a month of the list, a page of one row at a time; each page's total is the number of rows. */
  const month = async (user: string, m: Month, extra = '') => {
    const rows: CardRow[] = [];
    let total = -1;
    for (let page = 1; page <= 30; page += 1) {
      const got = await expiredPage(user, `month=${m}&page=${page}&page_size=1${extra}`);
      if (total === -1) total = got.total;
      expect(got.total, `${user} ${m} page ${page}`).toBe(total);
      if (got.items.length === 0) break;
      expect(got.items).toHaveLength(1);
      rows.push(...got.items);
    }
    expect(rows.length, `${user} ${m}: the total is the number of rows`).toBe(total);
    return rows;
  };
  const iccidsOf = async (user: string, m: Month, extra = '') => (await month(user, m, extra)).map((c) => c.iccid);
  /** Root's card records (every card), searched by `query`. */
  const cards = async (query = '') => ok<CardPage>('demo_root', 'GET', `/iot_card/cards?page_size=200${query}`);
  const card = async (iccid: string) => (await cards()).items.find((c) => c.iccid === iccid);
  const history = (user: string, boxId: number) => ok<CardChange[]>(user, 'GET', `/iot_card/history?boxId=${boxId}`);
  const setCard = (iccid: string, provider: string, expiresOn: string | null, user = 'demo_root') =>
    ok<CardRow>(user, 'PUT', `/iot_card/cards/${ids[iccid]}`, { provider, expiresOn });
  const logOf = (action: string) =>
    t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target', 'old_value', 'new_value', 'outcome'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  /** The box says hello reporting `iccid`, a second after the last event; resolves once its card is recorded. */
  const report = async (boxId: number, iccid: string) => {
    const box = boxes.get(boxId);
    if (!box) throw new Error(`no box ${boxId}`);
    let client = clients.get(boxId);
    if (!client) {
      client = await connectBox(t.app.mqttPort, box);
      clients.set(boxId, client);
    }
    t.clock.now += 1000;
    const at = t.clock.now;
    await send(client, boxId, 'hello', { ...hello([{ index: 1, type: 'screw-compressor' }]), iccid });
    await eventually(async () => {
      const row = await t.app.db.selectFrom('iot_cards').select(['id', 'box_id', 'seen_at']).where('iccid', '=', iccid).executeTakeFirst();
      expect(row).toMatchObject({ box_id: boxId, seen_at: at });
      ids[iccid] = row?.id ?? 0;
    });
    return at;
  };

  /** An .xlsx sheet: the header row, then the rows (a Date is written as a date cell). */
  const workbook = async (rows: Array<Array<string | Date>>, header = ['ICCID', 'Expiry date', 'Provider'], fileName = 'cards.xlsx') => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Cards');
    ws.addRow(header);
    for (const r of rows) ws.addRow(r);
    return { fileName, content: Buffer.from(await wb.xlsx.writeBuffer()).toString('base64') };
  };
  const importCards = (user: string, file: { fileName: string; content: string }, apply: boolean, lang = 'en') =>
    call(user, 'POST', '/iot_card/import', { ...file, apply }, lang);

  const signIn = async () => {
    for (const u of USERS) tokens[u] = await login(t.app, u);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = NOW;
    for (const b of await registerBoxes(t.app, BOX_A, BOX_R)) boxes.set(b.boxId, b);
    for (const b of await registerBoxes(t.app, BOX_S, BOX_S, 'demo_afterSales')) boxes.set(b.boxId, b);
    await signIn();
  });
  afterAll(async () => {
    for (const c of clients.values()) await c.endAsync(true).catch(() => undefined);
    await t.close();
  });

  it('records the card a box’s hello reports, and the box’s change of card in its history, newest first', async () => {
    const first = await report(BOX_A, ICCID.a1);
    expect(await card(ICCID.a1)).toMatchObject({
      iccid: ICCID.a1,
      boxId: BOX_A,
      provider: '',
      expiresOn: null,
      daysLeft: null,
      company: 'Test Co',
      devices: [expect.objectContaining({ controller: 1 })],
    });
    expect(await history('demo_root', BOX_A)).toEqual([{ boxId: BOX_A, from: null, to: ICCID.a1, at: first }]);

    // The box reports another card: the box moves to it, the old one is no box's any more.
    const second = await report(BOX_A, ICCID.a2);
    expect(await card(ICCID.a2)).toMatchObject({ iccid: ICCID.a2, boxId: BOX_A });
    expect(await card(ICCID.a1)).toMatchObject({ iccid: ICCID.a1, boxId: null, devices: [], company: '' });
    const changes = [
      { boxId: BOX_A, from: ICCID.a1, to: ICCID.a2, at: second },
      { boxId: BOX_A, from: null, to: ICCID.a1, at: first },
    ];
    expect(await history('demo_root', BOX_A)).toEqual(changes);
    // Its owner reads the same history; someone who reaches none of its devices may not.
    expect(await history('demo_manager', BOX_A)).toEqual(changes);
    await refused('demo_afterSales', 'GET', `/iot_card/history?boxId=${BOX_A}`, undefined, {
      status: 403,
      code: Code.FORBIDDEN,
      message: FORBIDDEN,
    });

    // The same card again: seen again, no change.
    await report(BOX_A, ICCID.a2);
    expect(await history('demo_root', BOX_A)).toEqual(changes);
    expect(await t.app.db.selectFrom('iot_card_changes').select('to_iccid').where('box_id', '=', BOX_A).orderBy('id').execute()).toEqual([
      { to_iccid: ICCID.a1 },
      { to_iccid: ICCID.a2 },
    ]);
    expect((await cards()).items.filter((c) => c.iccid === ICCID.a2)).toHaveLength(1);
  });

  it('lets root set a card’s provider and expiry date, refusing an impossible date and an unknown card', async () => {
    const id = ids[ICCID.a2] ?? 0;
    // 2026-05-14 to 2027-12-31: 365 + 231 days.
    expect(await setCard(ICCID.a2, '  China Mobile  ', '2027-12-31')).toMatchObject({
      id,
      iccid: ICCID.a2,
      provider: 'China Mobile',
      expiresOn: '2027-12-31',
      daysLeft: 596,
      boxId: BOX_A,
    });
    expect(await card(ICCID.a2)).toMatchObject({ provider: 'China Mobile', expiresOn: '2027-12-31', daysLeft: 596 });

    const date = { provider: 'China Mobile', expiresOn: '2027-02-30' };
    await invalid('demo_root', 'PUT', `/iot_card/cards/${id}`, date, 'Enter a date as YYYY-MM-DD.');
    await invalid('demo_root', 'PUT', `/iot_card/cards/${id}`, { ...date, expiresOn: '31/12/2027' }, 'Enter a date as YYYY-MM-DD.');
    await invalid('demo_root', 'PUT', `/iot_card/cards/${id}`, date, 'Escriba una fecha como AAAA-MM-DD.', 'es');
    const missing = { provider: 'x', expiresOn: '2027-01-01' };
    await refused('demo_root', 'PUT', '/iot_card/cards/999999', missing, {
      status: 404,
      code: Code.NOT_FOUND,
      message: 'No IoT card has the id 999999.',
    });
    await refused(
      'demo_root',
      'PUT',
      '/iot_card/cards/999999',
      missing,
      { status: 404, code: Code.NOT_FOUND, message: '没有 ID 为 999999 的物联网卡。' },
      'zh',
    );
    await refused('demo_manager', 'PUT', `/iot_card/cards/${id}`, missing, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    // Nothing refused changed the card.
    expect(await card(ICCID.a2)).toMatchObject({ provider: 'China Mobile', expiresOn: '2027-12-31' });

    expect(await logOf('card.set')).toEqual([
      { action: 'card.set', target: ICCID.a2, old_value: '—', new_value: '2027-12-31 China Mobile', outcome: 'ok' },
    ]);
    const log = await ok<{ items: OperationLogEntry[] }>('demo_root', 'GET', '/datalog/operation-log?action=card.set&page_size=50');
    expect(log.items).toEqual([expect.objectContaining({ username: 'demo_root', action: 'card.set', target: ICCID.a2 })]);
  });

  it('sorts the cards into this month (from today), next month and expired by the app clock’s UTC date', async () => {
    for (const [i, boxId] of BOX_B.entries()) await report(boxId, [ICCID.b2, ICCID.b3, ICCID.b4, ICCID.b5][i] ?? '');
    await report(BOX_S, ICCID.s);
    await setCard(ICCID.b2, 'China Unicom', '2026-05-14'); // today
    await setCard(ICCID.b3, 'China Unicom', '2026-05-31'); // the end of this month
    await setCard(ICCID.b4, 'China Unicom', '2026-06-01'); // the first day of next month
    await setCard(ICCID.s, 'China Unicom', '2026-06-30'); // the last day of next month
    await setCard(ICCID.b5, 'China Unicom', '2026-05-13'); // yesterday
    await setCard(ICCID.a1, 'China Unicom', '2026-07-01', 'demo_limited_admin'); // the month after next: in none

    const thisMonth = await month('demo_root', 'this_month');
    expect(thisMonth.map((c) => [c.iccid, c.expiresOn, c.daysLeft])).toEqual([
      [ICCID.b2, '2026-05-14', 0],
      [ICCID.b3, '2026-05-31', 17],
    ]);
    expect(thisMonth[0]).toMatchObject({ boxId: BOX_B[0], company: 'Test Co', provider: 'China Unicom' });
    expect((await month('demo_root', 'next_month')).map((c) => [c.iccid, c.expiresOn, c.daysLeft])).toEqual([
      [ICCID.b4, '2026-06-01', 18],
      [ICCID.s, '2026-06-30', 47],
    ]);
    expect((await month('demo_root', 'expired')).map((c) => [c.iccid, c.expiresOn, c.daysLeft])).toEqual([[ICCID.b5, '2026-05-13', -1]]);
    // Without a month, the list is this month's.
    expect((await expiredPage('demo_root', 'page_size=50')).items.map((c) => c.iccid)).toEqual([ICCID.b2, ICCID.b3]);

    // A day later, "today" moves: the card that expired today is expired, its days left -1.
    // (Sessions idle for a day end: sign in again on each side of the jump.)
    t.clock.now += 86_400_000;
    await signIn();
    expect(await iccidsOf('demo_root', 'this_month')).toEqual([ICCID.b3]);
    expect((await month('demo_root', 'expired')).map((c) => [c.iccid, c.daysLeft])).toEqual([
      [ICCID.b2, -1],
      [ICCID.b5, -2],
    ]);
    t.clock.now -= 86_400_000;
    await signIn();

    // Search: box number, ICCID, provider, company.
    expect(await iccidsOf('demo_root', 'this_month', `&query=${BOX_B[1]}`)).toEqual([ICCID.b3]);
    expect(await iccidsOf('demo_root', 'next_month', '&query=335211')).toEqual([ICCID.s]);
    await t.app.db.updateTable('devices').set({ company: 'Other Air' }).where('box_id', '=', BOX_S).execute();
    expect(await iccidsOf('demo_root', 'next_month', '&query=other%20AIR')).toEqual([ICCID.s]);
    expect((await cards('&query=mobile')).items.map((c) => c.iccid)).toEqual([ICCID.a2]);
    expect((await cards(`&query=${BOX_A}`)).items.map((c) => c.iccid)).toEqual([ICCID.a2]);
    // Root's records: soonest expiry first.
    expect((await cards()).items.map((c) => c.iccid)).toEqual([ICCID.b5, ICCID.b2, ICCID.b3, ICCID.b4, ICCID.s, ICCID.a1, ICCID.a2]);

    await invalid(
      'demo_root',
      'GET',
      '/iot_card/get_expired_list?month=last_month',
      undefined,
      'Choose this_month, next_month or expired.',
    );
    await invalid(
      'demo_manager',
      'GET',
      '/iot_card/get_expired_list?month=soon',
      undefined,
      '请选择 this_month、next_month 或 expired。',
      'zh',
    );
  });

  it('shows each user the cards of the boxes they reach; a card no box reports only to those who see all', async () => {
    // Root imports a card no box reports, expiring this month.
    const imported = await importCards('demo_root', await workbook([[ICCID.orphan, '2026-05-20', 'China Telecom']]), true);
    expect(body(imported).data).toMatchObject({ applied: true, problems: [] });
    expect(await card(ICCID.orphan)).toMatchObject({ boxId: null, expiresOn: '2026-05-20', daysLeft: 6 });

    const all = { this_month: [ICCID.b2, ICCID.orphan, ICCID.b3], next_month: [ICCID.b4, ICCID.s], expired: [ICCID.b5] };
    for (const user of ['demo_root', 'demo_limited_admin'])
      for (const m of ['this_month', 'next_month', 'expired'] as const) expect(await iccidsOf(user, m), `${user} ${m}`).toEqual(all[m]);
    expect((await ok<CardPage>('demo_limited_admin', 'GET', '/iot_card/cards?page_size=200')).total).toBe((await cards()).total);

    // demo_manager: the cards of their own boxes, not of demo_afterSales' box, nor the card no box reports.
    expect(await iccidsOf('demo_manager', 'this_month')).toEqual([ICCID.b2, ICCID.b3]);
    expect(await iccidsOf('demo_manager', 'next_month')).toEqual([ICCID.b4]);
    expect(await iccidsOf('demo_manager', 'expired')).toEqual([ICCID.b5]);
    expect(await iccidsOf('demo_afterSales', 'next_month')).toEqual([ICCID.s]);
    expect(await iccidsOf('demo_afterSales', 'this_month')).toEqual([]);

    // demo_helper, before and after demo_manager shares the device of box 7702 with them.
    expect(await iccidsOf('demo_helper', 'this_month')).toEqual([]);
    const device = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', BOX_B[0]).executeTakeFirstOrThrow();
    const uid = await userIds(t);
    await ok('demo_manager', 'POST', '/user_register/share_device', { userId: uid('demo_helper'), deviceId: device.id });
    const helpers = await month('demo_helper', 'this_month');
    expect(helpers.map((c) => c.iccid)).toEqual([ICCID.b2]);
    expect(helpers[0]?.devices.map((d) => d.id)).toEqual([device.id]);

    // The top bar's count (this month, the first page of 10) is the list's total.
    for (const user of ['demo_root', 'demo_manager', 'demo_helper']) {
      const bar = await expiredPage(user, 'month=this_month&page=1&page_size=10');
      expect(bar.total, user).toBe((await month(user, 'this_month')).length);
      expect(bar.items.map((c) => c.iccid)).toEqual(await iccidsOf(user, 'this_month'));
    }

    await refused('demo_market', 'GET', '/iot_card/get_expired_list?month=this_month', undefined, {
      status: 403,
      code: Code.FORBIDDEN,
      message: FORBIDDEN,
    });
    await refused('demo_market', 'GET', `/iot_card/history?boxId=${BOX_A}`, undefined, {
      status: 403,
      code: Code.FORBIDDEN,
      message: FORBIDDEN,
    });
    for (const user of ['demo_manager', 'demo_helper', 'demo_market'])
      await refused(user, 'GET', '/iot_card/cards', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
  });

  it('previews an imported sheet, reports its problems by row, and applies only a clean one', async () => {
    const before = await cards();
    const logs = (await logOf('card.import')).length;
    const clean = await workbook([
      [ICCID.a2, '2027-12-31', 'China Mobile'], // as it is: unchanged
      [ICCID.b4, '2026-06-15', ''], // known: a new date, its provider kept
      [ICCID.n1, new Date(Date.UTC(2028, 0, 31)), 'China Telecom'], // unknown; the date as a date cell
    ]);
    const preview = await importCards('demo_root', clean, false);
    expect(body(preview).code).toBe(Code.SUCCESS);
    expect(body(preview).data).toEqual({
      changes: [
        { row: 3, iccid: ICCID.b4, known: true, expiresOn: '2026-06-15', provider: 'China Unicom' },
        { row: 4, iccid: ICCID.n1, known: false, expiresOn: '2028-01-31', provider: 'China Telecom' },
      ],
      unchanged: 1,
      problems: [],
      applied: false,
    });
    // A preview writes nothing.
    expect(await cards()).toEqual(before);
    expect(await logOf('card.import')).toHaveLength(logs);

    const bad = await workbook([
      [ICCID.b3, '2026-07-31', 'China Unicom'],
      ['12345', '2026-07-31', ''],
      [ICCID.n1, '2028-02-30', ''],
      [ICCID.b3, '2026-08-31', ''],
    ]);
    const problems = [
      { row: 3, column: 'ICCID', message: 'Row 3, ICCID: an ICCID is 18 to 22 digits.' },
      { row: 4, column: 'Expiry date', message: 'Row 4, Expiry date: enter a date as YYYY-MM-DD.' },
      { row: 5, column: 'ICCID', message: `Row 5, ICCID: card ${ICCID.b3} is also in row 2.` },
    ];
    const refusedApply = await importCards('demo_root', bad, true);
    expect(body(refusedApply).data).toEqual({
      changes: [{ row: 2, iccid: ICCID.b3, known: true, expiresOn: '2026-07-31', provider: 'China Unicom' }],
      unchanged: 0,
      problems,
      applied: false,
    });
    expect(await cards()).toEqual(before);
    expect(await logOf('card.import')).toHaveLength(logs);
    expect((await importCards('demo_root', bad, false, 'es')).json<{ data: CardImportResult }>().data.problems).toEqual([
      { row: 3, column: 'ICCID de la tarjeta', message: 'Fila 3, ICCID de la tarjeta: un ICCID tiene de 18 a 22 dígitos.' },
      { row: 4, column: 'Fecha de caducidad', message: 'Fila 4, Fecha de caducidad: escriba una fecha como AAAA-MM-DD.' },
      { row: 5, column: 'ICCID de la tarjeta', message: `Fila 5, ICCID de la tarjeta: la tarjeta ${ICCID.b3} también está en la fila 2.` },
    ]);

    const applied = await importCards('demo_root', clean, true);
    expect(body(applied).data).toMatchObject({ applied: true, unchanged: 1, problems: [] });
    expect(await card(ICCID.n1)).toMatchObject({
      iccid: ICCID.n1,
      boxId: null,
      expiresOn: '2028-01-31',
      provider: 'China Telecom',
      devices: [],
    });
    expect(await card(ICCID.b4)).toMatchObject({ boxId: BOX_B[2], expiresOn: '2026-06-15', provider: 'China Unicom', daysLeft: 32 });
    expect(await card(ICCID.a2)).toMatchObject({ boxId: BOX_A, expiresOn: '2027-12-31', provider: 'China Mobile' });
    expect((await cards()).total).toBe(before.total + 1);
    expect((await logOf('card.import')).slice(logs)).toEqual([
      { action: 'card.import', target: 'cards.xlsx', old_value: null, new_value: '2 cards', outcome: 'ok' },
    ]);
    // The same sheet again changes nothing.
    expect(body(await importCards('demo_root', clean, true)).data).toMatchObject({ changes: [], unchanged: 3, applied: true });

    const noIccid = await workbook([['x', '2028-01-31', '']], ['Card', 'Expiry date', 'Provider']);
    await invalid(
      'demo_root',
      'POST',
      '/iot_card/import',
      { ...noIccid, apply: false },
      'The first row must name the columns; ICCID is missing.',
    );
    await invalid('demo_root', 'POST', '/iot_card/import', { ...noIccid, apply: false }, '第一行须写明各列；缺少 ICCID 卡号。', 'zh');
    // demo_limited_admin imports too; demo_manager may not.
    expect(body(await importCards('demo_limited_admin', clean, false)).data).toMatchObject({ changes: [], unchanged: 3 });
    await refused(
      'demo_manager',
      'POST',
      '/iot_card/import',
      { ...clean, apply: false },
      { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN },
    );
  });

  it('exports a month of the list as the user sees it (kind iot-cards)', async () => {
    /** Starts the export, waits for it, and answers its sheet's rows (the header first), seven cells each. */
    const exported = async (user: string, m: Month) => {
      const started = await ok<ExportJob>(user, 'POST', '/exports', { kind: 'iot-cards', filter: { month: m }, tz: 'UTC' });
      const job = await eventually(async () => {
        const j = await ok<ExportJob>(user, 'GET', `/exports/${started.id}`);
        expect(j.state).toBe('ready');
        return j;
      });
      const file = await call(user, 'GET', `/exports/${started.id}/file`);
      expect(file.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('no sheet');
      expect(ws.name).toBe('IoT cards');
      const rows: unknown[][] = [];
      for (let r = 1; r <= ws.rowCount; r += 1) rows.push(Array.from({ length: 7 }, (_, i) => ws.getRow(r).getCell(i + 1).value));
      return { job, rows };
    };
    /** The list's rows as the sheet writes them (an empty text is an empty cell). */
    const text = (v: string) => (v === '' ? null : v);
    const asRows = (list: CardRow[]) =>
      list.map((c) => [
        c.boxId === null ? null : String(c.boxId),
        text(c.devices.map((d) => `${c.boxId}-${d.controller}`).join(', ')),
        text(c.company),
        c.iccid,
        c.provider,
        c.expiresOn,
        c.daysLeft,
      ]);
    const header = ['Box number', 'Devices', 'Company', 'ICCID', 'Provider', 'Expiry date', 'Days left'];

    for (const user of ['demo_manager', 'demo_root']) {
      const list = await month(user, 'this_month');
      const { job, rows } = await exported(user, 'this_month');
      expect(rows, user).toEqual([header, ...asRows(list)]);
      expect(job.total).toBe(list.length);
    }
    // What each saw, spelled out: demo_manager's two cards; root's also the imported one, of no box.
    expect((await exported('demo_manager', 'this_month')).rows.slice(1)).toEqual([
      [String(BOX_B[0]), `${BOX_B[0]}-1`, 'Test Co', ICCID.b2, 'China Unicom', '2026-05-14', 0],
      [String(BOX_B[1]), `${BOX_B[1]}-1`, 'Test Co', ICCID.b3, 'China Unicom', '2026-05-31', 17],
    ]);
    expect((await exported('demo_root', 'this_month')).rows.map((r) => r[3])).toEqual(['ICCID', ICCID.b2, ICCID.orphan, ICCID.b3]);
    expect((await exported('demo_afterSales', 'next_month')).rows.slice(1)).toEqual([
      [String(BOX_S), `${BOX_S}-1`, 'Other Air', ICCID.s, 'China Unicom', '2026-06-30', 47],
    ]);

    // The list is for everyone but market (area msg): so is its export, as the sub-managers' export keeps get_managers' rule.
    // The export keeps the list's rule: market, whom /msg does not serve, cannot start it.
    await refused(
      'demo_market',
      'POST',
      '/exports',
      { kind: 'iot-cards', filter: { month: 'this_month' }, tz: 'UTC' },
      {
        status: 403,
        code: Code.FORBIDDEN,
        message: FORBIDDEN,
      },
    );
  });

  it('finds a card by its whole ICCID, one ending in F too, on each database', async () => {
    const imported = await importCards('demo_root', await workbook([[ICCID.f.toLowerCase(), '2029-01-31', 'China Mobile']]), true);
    expect(body(imported).data).toMatchObject({ applied: true, changes: [{ row: 2, iccid: ICCID.f, known: false }] });
    expect((await cards(`&query=${ICCID.n1}`)).items.map((c) => c.iccid)).toEqual([ICCID.n1]);
    // An ICCID ending in F is found by its whole number on both databases (PostgreSQL's LIKE is case-sensitive).
    expect((await cards(`&query=${ICCID.f}`)).items.map((c) => c.iccid)).toEqual([ICCID.f]);
  });

  it('answers 401 without a token on every call', async () => {
    const file = await workbook([[ICCID.n1, '2028-01-31', '']]);
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/iot_card/get_expired_list?month=this_month'],
      ['GET', '/iot_card/cards'],
      ['PUT', `/iot_card/cards/${ids[ICCID.a2]}`, { provider: 'x', expiresOn: null }],
      ['POST', '/iot_card/import', { ...file, apply: true }],
      ['GET', `/iot_card/history?boxId=${BOX_A}`],
      ['POST', '/exports', { kind: 'iot-cards', filter: { month: 'this_month' }, tz: 'UTC' }],
    ];
    for (const [method, url, payload] of calls) await refused(null, method, url, payload, { status: 401, code: Code.TOKEN_ILLEGAL });
    expect(await card(ICCID.a2)).toMatchObject({ provider: 'China Mobile', expiresOn: '2027-12-31' });
  });

  it('keeps one card and one change per hello when a box’s hellos come close together', async () => {
    const cardsOf = async (boxId: number) =>
      (await t.app.db.selectFrom('iot_cards').select('iccid').where('box_id', '=', boxId).orderBy('iccid').execute()).map((c) => c.iccid);
    /** Waits for the box's card changes to reach `count` rows, then a moment more for a late one. */
    const changesSettled = async (count: number) => {
      await eventually(async () => {
        const { n } = await t.app.db
          .selectFrom('iot_card_changes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('box_id', '=', BOX_R)
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBeGreaterThanOrEqual(count);
      });
      await new Promise((r) => setTimeout(r, 300));
    };
    // The ingest publishes each stored hello on the bus; two of one box in a row (a box reconnecting) arrive together.
    t.clock.now += 1000;
    const at = t.clock.now;
    t.app.bus.publish('boxHello', { boxId: BOX_R, iccid: ICCID.r1, time: at });
    t.app.bus.publish('boxHello', { boxId: BOX_R, iccid: ICCID.r1, time: at + 1 });
    await changesSettled(1);
    // Two hellos of one box close together are recorded one after the other: the same card twice is one change.
    expect(await history('demo_root', BOX_R)).toEqual([{ boxId: BOX_R, from: null, to: ICCID.r1, at }]);
    expect(await cardsOf(BOX_R)).toEqual([ICCID.r1]);

    t.app.bus.publish('boxHello', { boxId: BOX_R, iccid: ICCID.r2, time: at + 2 });
    t.app.bus.publish('boxHello', { boxId: BOX_R, iccid: ICCID.r3, time: at + 3 });
    await changesSettled(3);
    // Two different cards close together: the box ends on the last, and the history says r1 → r2, then r2 → r3.
    expect(await cardsOf(BOX_R)).toEqual([ICCID.r3]);
    expect((await history('demo_root', BOX_R)).slice(0, 2)).toEqual([
      { boxId: BOX_R, from: ICCID.r2, to: ICCID.r3, at: at + 3 },
      { boxId: BOX_R, from: ICCID.r1, to: ICCID.r2, at: at + 2 },
    ]);
  });
});
