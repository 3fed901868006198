import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RANGE_MS, type BoxCredentials, type FaultRecordPage, type SnapshotResult } from '@dms/contract';
import { invalidateTemplates } from '../src/access/template-rights.js';
import { body, insertTemplate, testDialects, type TestApp } from './helper.js';
import { RUN_STATE, PRESSURE, FAULT_BITS, ALERT_BITS, MIN, HOUR, getAs, historyWorld } from './history-world.js';

const dialects = await testDialects();

describe.each(dialects)('fault records across devices, and template read rights on %s', (dialect) => {
  let t: TestApp;
  let root: string;
  let manager: string;
  let helper: string;
  let market: string;
  let endUser: string;
  let mine: BoxCredentials;
  let theirs: BoxCredentials;
  let t0: number;
  let now: number;
  let close: () => Promise<void>;
  const get = (token: string | null, url: string, lang = 'en') => getAs(t)(token, url, lang);
  const dev = (suffix: string, b = mine) => `/history/${b.boxId}/1${suffix}`;

  beforeAll(async () => {
    ({ t, root, manager, helper, market, endUser, mine, theirs, t0, now, close } = await historyWorld(dialect));
  });
  afterAll(async () => {
    await close();
  });

  describe('GET /fault-records', () => {
    const list = async (token: string, query: string, lang = 'en') => {
      const res = await get(token, `/history/fault-records?${query}`, lang);
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data as FaultRecordPage;
    };

    it("lists the records of the user's devices, newest first, with the bit's name in the request's language", async () => {
      const page = await list(manager, `from=${t0}&to=${now}`);
      const device = await t.app.db
        .selectFrom('devices')
        .select(['id', 'type_id'])
        .where('box_id', '=', mine.boxId)
        .executeTakeFirstOrThrow();
      const common = { deviceId: device.id, boxId: mine.boxId, controller: 1, company: 'Test Co', model: '', typeId: device.type_id };
      expect(page.total).toBe(2);
      expect(page.items).toEqual([
        {
          ...common,
          id: expect.any(Number) as unknown,
          kind: 'alert',
          register: ALERT_BITS,
          bit: 1,
          startedAt: t0 + 120 * MIN,
          endedAt: null,
          name: 'Oil filter due',
        },
        {
          ...common,
          id: expect.any(Number) as unknown,
          kind: 'fault',
          register: FAULT_BITS,
          bit: 0,
          startedAt: t0 + 80 * MIN,
          endedAt: t0 + 100 * MIN,
          name: 'Main motor overload',
        },
      ]);
      expect((await list(manager, `from=${t0}&to=${now}`, 'zh')).items.map((r) => r.name)).toEqual(['油滤到期', '主机过载']);
      expect((await list(manager, `from=${t0}&to=${now}`, 'ja')).items.map((r) => r.name)).toEqual([
        'オイルフィルタ交換時期',
        '主モータ過負荷',
      ]);
      expect((await list(endUser, `from=${t0}&to=${now}`)).items.map((r) => [r.boxId, r.kind, r.name])).toEqual([
        [theirs.boxId, 'fault', 'High discharge temperature'],
      ]);
      expect((await list(root, `from=${t0}&to=${now}`)).total).toBe(3);
      expect(await list(helper, `from=${t0}&to=${now}`)).toEqual({ total: 0, items: [] });
      expect(await list(market, `from=${t0}&to=${now}`)).toEqual({ total: 0, items: [] });
    });

    it('filters by start time, kind and search; pages', async () => {
      expect((await list(root, `from=${t0}&to=${t0 + 80 * MIN}`)).items.map((r) => r.boxId)).toEqual([theirs.boxId]);
      expect((await list(root, `from=${t0 + 80 * MIN}&to=${t0 + 80 * MIN + 1}`)).items.map((r) => r.kind)).toEqual(['fault']);
      expect((await list(root, `from=${t0}&to=${now}&kind=alert`)).items.map((r) => r.register)).toEqual([ALERT_BITS]);
      expect((await list(root, `from=${t0}&to=${now}&kind=fault`)).items.map((r) => r.boxId)).toEqual([mine.boxId, theirs.boxId]);
      const search = async (q: string) => (await list(root, `from=${t0}&to=${now}&q=${encodeURIComponent(q)}`)).items.map((r) => r.boxId);
      expect(await search('7')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      expect(await search('70')).toEqual([mine.boxId, mine.boxId]);
      expect(await search('7001')).toEqual([mine.boxId, mine.boxId]);
      expect(await search('71')).toEqual([theirs.boxId]);
      expect(await search('8')).toEqual([]);
      expect(await search('test co')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      expect(await search('TEST')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      // Anywhere in the text, as the device list searches: "st c" is inside "Test Co" (the registration's company).
      expect(await search('co')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      expect(await search('st c')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      expect(await search('001')).toEqual([mine.boxId, mine.boxId]);
      // LIKE's wildcards in the search are plain characters.
      expect(await search('t_st')).toEqual([]);
      expect(await search('%')).toEqual([]);
      await t.app.db
        .updateTable('devices')
        .set({ company: 'Acme 100% Air', model: 'SA-37', station_no: 'ST-9' })
        .where('box_id', '=', theirs.boxId)
        .execute();
      expect(await search('acme')).toEqual([theirs.boxId]);
      expect(await search('acme 100%')).toEqual([theirs.boxId]);
      expect(await search('acme 1000')).toEqual([]);
      expect(await search('sa-3')).toEqual([theirs.boxId]);
      expect(await search('st-9')).toEqual([theirs.boxId]);
      expect(await search('air')).toEqual([theirs.boxId]);
      expect(await search('0% a')).toEqual([theirs.boxId]);
      // The device's own company replaces the registration's.
      expect(await search('test co')).toEqual([mine.boxId, mine.boxId]);
      const second = await list(root, `from=${t0}&to=${now}&page=2&page_size=2`);
      expect(second.total).toBe(3);
      expect(second.items.map((r) => r.boxId)).toEqual([theirs.boxId]);
    });

    it('refuses bad input with the exact message; 401 without a token', async () => {
      const bad = async (query: string, message: string) => {
        const res = await get(manager, `/history/fault-records?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(body(res), query).toMatchObject({ code: 40001, message });
      };
      await bad(`from=${t0}&to=${t0}`, 'The end of the time range must be after its start');
      await bad(`from=0&to=${MAX_RANGE_MS + 1}`, 'A time range may cover at most 366 days');
      await bad(`to=${t0}`, 'Please fill in from with a number');
      await bad(`from=0&to=1&kind=info`, 'Invalid value for kind');
      await bad(`from=0&to=1&q=${'x'.repeat(65)}`, 'q is too long');
      const res = await get(null, `/history/fault-records?from=0&to=1`);
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ code: 50008 });
      expect(body(await get(manager, `/history/fault-records?from=${t0}&to=${t0}`, 'es')).message).toBe(
        'El final del intervalo debe ser posterior a su inicio',
      );
    });
  });

  it('a template that withholds a register leaves it out of history, snapshots, charts, candles and the device page', async () => {
    const typeId = (
      await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow()
    ).id;
    const template = await insertTemplate(t.app.db, { name: 'No pressure', defaultRead: true, defaultWrite: 'none' }, [
      { typeId, register: PRESSURE, read: false, write: false },
    ]);
    await t.app.db.updateTable('users').set({ template_id: template }).where('username', '=', 'demo_manager').execute();
    invalidateTemplates();
    try {
      const page = body(await get(manager, dev(`?from=${t0}&to=${now}&page_size=100`))).data as {
        items: Array<{ values: Record<string, number> }>;
      };
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.some((i) => String(PRESSURE) in i.values)).toBe(false);
      expect(page.items.some((i) => String(RUN_STATE) in i.values)).toBe(true);
      const snap = body(await get(manager, dev(`/snapshot?at=${t0 + 80 * MIN}`))).data as SnapshotResult;
      expect(Object.keys(snap.values)).not.toContain(String(PRESSURE));
      expect(Object.keys(snap.values)).toContain(String(RUN_STATE));
      const candles = await get(manager, dev(`/kline?register=${PRESSURE}&period=hour&from=${t0}&to=${t0 + 6 * HOUR}`));
      expect(candles.statusCode).toBe(403);
      expect(body(candles).message).toBe(`Your permission template does not let you read register ${PRESSURE}.`);
      const series = body(
        await get(manager, `/devices/${mine.boxId}/1/series?registers=${PRESSURE},${RUN_STATE}&from=${t0}&to=${now}&points=100`),
      ).data as {
        series: Array<{ register: number }>;
      };
      expect(series.series.map((s) => s.register)).toEqual([RUN_STATE]);
      const detail = body(await get(manager, `/devices/${mine.boxId}/1`)).data as {
        latest: { values: Record<string, number> };
        template: { noRead: number[] };
      };
      expect(detail.template.noRead).toEqual([PRESSURE]);
      expect(Object.keys(detail.latest.values)).not.toContain(String(PRESSURE));
      // Root's rights are never cut by a template.
      const rootPage = body(await get(root, dev(`?from=${t0}&to=${now}&page_size=100`))).data as {
        items: Array<{ values: Record<string, number> }>;
      };
      expect(rootPage.items.some((i) => String(PRESSURE) in i.values)).toBe(true);
    } finally {
      await t.app.db.updateTable('users').set({ template_id: null }).where('username', '=', 'demo_manager').execute();
      invalidateTemplates();
    }
  });
});
