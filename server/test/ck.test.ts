import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCkChangePage, BoxCkImportResult, BoxCkPage, CkPage, CkRow } from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const csv = (text: string) => ({ fileName: 'box-ck.csv', content: Buffer.from(text).toString('base64') });

/** docs/api.md "CK codes": /device-type/CK-config, its model page and the box-CK table (issue 20). */
describe.each(dialects)('CK codes on %s', (dialect) => {
  let t: TestApp;
  let root = '';
  let screw = 0;
  let maglev = 0;
  const call = (token: string | null, method: Method, path: string, payload?: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: Method, path: string, payload?: Record<string, unknown>) => {
    const res = await call(root, method, path, payload);
    expect(body(res), `${method} ${path}`).toMatchObject({ code: 20000 });
    return body(res).data;
  };
  const refused = async (method: Method, path: string, payload: Record<string, unknown> | undefined, message: string, status = 400) => {
    const res = await call(root, method, path, payload);
    expect(body(res).message, `${method} ${path}`).toBe(message);
    expect(res.statusCode, message).toBe(status);
  };
  const ck = async (code: string) => (await ok('GET', `/ck/${code}`)) as CkRow;
  const typeIdOf = async (code: string) =>
    (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
    screw = await typeIdOf('screw-compressor');
    maglev = await typeIdOf('maglev-blower');
  });
  afterAll(async () => t.close());

  it('lists the demo CK groups with their companies, the users who carry each, and searches code or company', async () => {
    const all = (await ok('GET', '/ck?page_size=100')) as CkPage;
    expect(all.items.map((c) => c.ck)).toEqual(expect.arrayContaining(['1122', '1333', '2001']));
    expect(all.items.find((c) => c.ck === '1333')).toMatchObject({ company: 'Demo Compressor Works (CK factory)', types: [], refused: 0 });
    expect(all.items.find((c) => c.ck === '2001')?.users).toBeGreaterThan(0);
    expect(((await ok('GET', '/ck?q=blower')) as CkPage).items.map((c) => c.ck)).toEqual(['1122']);
    expect(((await ok('GET', '/ck?q=133')) as CkPage).items.map((c) => c.ck)).toEqual(['1333']);
    await refused('GET', '/ck/12a4', undefined, 'CK code must be four digits!');
    await refused('GET', '/ck/9876', undefined, 'The CK code 9876 is not configured; add it on the CK page first.', 404);
  });

  it('adds a CK code, changes its company, refuses a taken code and bad input in the caller’s language, and only for root', async () => {
    expect(await ok('POST', '/ck', { ck: '4321', company: ' Test Works ' })).toMatchObject({
      ck: '4321',
      company: 'Test Works',
      types: [],
    });
    await refused('POST', '/ck', { ck: '4321', company: 'Again' }, 'The CK code 4321 already exists.');
    await refused('POST', '/ck', { ck: '432', company: 'Short' }, 'CK code must be four digits!');
    await refused('POST', '/ck', { ck: '4322', company: '  ' }, "Please enter the CK code's company.");
    const zh = await call(root, 'POST', '/ck', { ck: '4322', company: '' }, 'zh');
    expect(body(zh).message).toBe('请输入该CK码的公司。');
    expect(await ok('PUT', '/ck/4321', { company: 'Test Works Ltd.' })).toBeNull();
    expect((await ck('4321')).company).toBe('Test Works Ltd.');
    await refused('PUT', '/ck/4329', { company: 'Nobody' }, 'The CK code 4329 is not configured; add it on the CK page first.', 404);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'old_value', 'new_value'])
      .where('target', '=', '4321')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'ck.create', old_value: null, new_value: 'Test Works' },
      { action: 'ck.update', old_value: 'Test Works', new_value: 'Test Works Ltd.' },
    ]);
    expect((await call(null, 'GET', '/ck')).statusCode).toBe(401);
    const manager = await login(t.app, 'demo_manager');
    expect((await call(manager, 'GET', '/ck')).statusCode).toBe(403);
    expect((await call(manager, 'POST', '/ck', { ck: '4323', company: 'X' })).statusCode).toBe(403);
    expect((await call(manager, 'PUT', '/ck/boxes/1', { ck: null })).statusCode).toBe(403);
  });

  it("limits the types of a CK's boxes' devices: stored and live at once, counted as refused, and any type again when none is chosen", async () => {
    await ok('POST', '/ck', { ck: '5100', company: 'Limited Works' });
    const [box] = await registerBoxes(t.app, 6601, 6601, 'demo_manager');
    if (!box) throw new Error('no box');
    expect(await ok('PUT', '/ck/boxes/6601', { ck: '5100' })).toEqual({ devices: 0 });
    const client = await connectBox(t.app.mqttPort, box);
    try {
      await send(
        client,
        box.boxId,
        'hello',
        hello([
          { index: 1, type: 'screw-compressor' },
          { index: 2, type: 'maglev-blower' },
        ]),
      );
      await eventually(() => {
        expect(t.app.ingest.deviceAt(box.boxId, 2)?.type?.code).toBe('maglev-blower');
      });
      const stored = async (controller: number) =>
        (
          await t.app.db
            .selectFrom('devices')
            .select('type_id')
            .where('box_id', '=', box.boxId)
            .where('controller', '=', controller)
            .executeTakeFirstOrThrow()
        ).type_id;

      // Limited to the screw compressor: the maglev blower has no type, stored and live.
      expect(await ok('PUT', '/ck/5100/types', { typeIds: [screw, screw] })).toEqual({ devices: 1 });
      expect(await stored(2)).toBeNull();
      expect(await stored(1)).toBe(screw);
      await eventually(() => {
        expect(t.app.ingest.deviceAt(box.boxId, 2)?.type).toBeNull();
      });
      expect(t.app.ingest.deviceAt(box.boxId, 1)?.type?.code).toBe('screw-compressor');
      expect(await ck('5100')).toMatchObject({
        boxes: 1,
        refused: 1,
        types: [expect.objectContaining({ id: screw, code: 'screw-compressor' })],
      });
      // A refused code is not "unmapped": it stands for a type.
      expect(await ok('GET', '/controller-types/relations/unmapped')).not.toEqual(
        expect.arrayContaining([expect.objectContaining({ modelCode: 'maglev-blower' })]),
      );
      // A controller that reports the refused type later gets none either.
      await send(
        client,
        box.boxId,
        'hello',
        hello([
          { index: 1, type: 'screw-compressor' },
          { index: 2, type: 'maglev-blower' },
          { index: 3, type: 'maglev-blower' },
        ]),
      );
      await eventually(async () => {
        expect(t.app.ingest.deviceAt(box.boxId, 3)).toBeTruthy();
        expect(await stored(3)).toBeNull();
      });
      expect(t.app.ingest.deviceAt(box.boxId, 3)?.type).toBeNull();

      await refused('PUT', '/ck/5100/types', { typeIds: [screw, 99999] }, 'No controller type has the id 99999.');
      await refused('PUT', '/ck/5199/types', { typeIds: [screw] }, 'The CK code 5199 is not configured; add it on the CK page first.', 404);

      // The box leaves the CK: nothing limits it.
      expect(await ok('PUT', '/ck/boxes/6601', { ck: null })).toEqual({ devices: 2 });
      await eventually(() => {
        expect(t.app.ingest.deviceAt(box.boxId, 2)?.type?.code).toBe('maglev-blower');
      });
      expect(await ok('PUT', '/ck/boxes/6601', { ck: '5100' })).toEqual({ devices: 2 });
      // No type chosen: any type.
      expect(await ok('PUT', '/ck/5100/types', { typeIds: [] })).toEqual({ devices: 2 });
      expect(await stored(2)).toBe(maglev);
      await eventually(() => {
        expect(t.app.ingest.deviceAt(box.boxId, 3)?.type?.code).toBe('maglev-blower');
      });
      const log = await t.app.db
        .selectFrom('operation_log')
        .select(['old_value', 'new_value'])
        .where('action', '=', 'ck.types')
        .where('target', '=', '5100')
        .orderBy('id')
        .execute();
      expect(log).toEqual([
        { old_value: 'any', new_value: 'screw-compressor; 1 device(s) changed type' },
        { old_value: 'screw-compressor', new_value: 'any; 2 device(s) changed type' },
      ]);
    } finally {
      await client.endAsync(true);
    }
  });

  it('generates the mappings in bulk only when confirmed: first 20004 with what goes and comes, nothing changed', async () => {
    await ok('PUT', '/ck/5100/types', { typeIds: [screw] });
    const before = (await ok('GET', '/ck?page_size=100')) as CkPage;
    const cks = before.total;
    const ask = await call(root, 'POST', '/ck/generate', { typeIds: [screw, maglev] });
    expect(ask.statusCode).toBe(200);
    expect(body(ask)).toMatchObject({
      code: 20004,
      message: `This replaces every CK mapping: 1 mapping(s) will be deleted and ${cks * 2} created, for ${cks} CK code(s). Continue?`,
    });
    expect((await ck('5100')).types.map((x) => x.id)).toEqual([screw]);
    const ja = await call(root, 'POST', '/ck/generate', { typeIds: [screw], cks: ['1333', '2001'] }, 'ja');
    expect(body(ja).message).toBe('すべてのCK対応付けを置き換えます：1 件を削除し、2 件を作成します（CKコード 2 件）。続けますか？');

    // 5100 loses its mapping, so the two maglev blowers of box 6601 take their type again.
    expect(await ok('POST', '/ck/generate', { typeIds: [maglev], cks: ['1333', '2001'], confirm: true })).toEqual({
      deleted: 1,
      created: 2,
      devices: 2,
    });
    expect((await ck('5100')).types).toEqual([]);
    expect((await ck('1333')).types.map((x) => x.code)).toEqual(['maglev-blower']);
    expect((await ck('2001')).types.map((x) => x.code)).toEqual(['maglev-blower']);
    const done = await t.app.db.selectFrom('operation_log').select(['target', 'old_value']).where('action', '=', 'ck.generate').execute();
    expect(done).toEqual([{ target: '2 CK code(s)', old_value: '1 mapping(s)' }]);

    await refused('POST', '/ck/generate', { typeIds: [], confirm: true }, 'Please choose at least one controller type.');
    await refused(
      'POST',
      '/ck/generate',
      { typeIds: [screw], cks: ['7777'], confirm: true },
      'The CK code 7777 is not configured; add it on the CK page first.',
      404,
    );
    await refused('POST', '/ck/generate', { typeIds: [99999] }, 'No controller type has the id 99999.');
    // Undo, so that the demo groups limit nothing for the tests after.
    await ok('PUT', '/ck/1333/types', { typeIds: [] });
    await ok('PUT', '/ck/2001/types', { typeIds: [] });
  });

  it("sets a box's CK, keeps its history, refuses an unknown box or code, and moves the box into the CK group's reach", async () => {
    await registerBoxes(t.app, 6602, 6603, 'demo_manager');
    const owner = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow()).id;
    await insertDevice(t, { box_id: 6602, controller: 1, owner_id: owner, status: 'online', fault: 0, alert: 0 });
    const factory = await login(t.app, 'demo_manufacturer');
    expect((await call(factory, 'GET', '/devices/6602/1')).statusCode).toBe(403);
    await refused('PUT', '/ck/boxes/6699', { ck: '1333' }, 'No box has the number 6699.', 404);
    await refused('PUT', '/ck/boxes/6602', { ck: '9998' }, 'The CK code 9998 is not configured; add it on the CK page first.');
    await refused('PUT', '/ck/boxes/6602', { ck: '99' }, 'CK code must be four digits!');
    // Its device, stored without a type, takes the one its model code stands for (1333 limits no type).
    expect(await ok('PUT', '/ck/boxes/6602', { ck: '1333' })).toEqual({ devices: 1 });
    // The CK factory of 1333 reaches the box's device from now on.
    expect((await call(factory, 'GET', '/devices/6602/1')).statusCode).toBe(200);
    const page = (await ok('GET', '/ck/boxes?q=660')) as BoxCkPage;
    expect(page.items.find((r) => r.boxId === 6602)).toMatchObject({ ck: '1333', company: 'Demo Compressor Works (CK factory)' });
    expect(page.items.find((r) => r.boxId === 6603)).toBeUndefined();
    expect(((await ok('GET', '/ck/boxes?ck=1333&q=6602')) as BoxCkPage).total).toBe(1);
    await refused('GET', '/ck/boxes?q=abc', undefined, 'Search by the digits of a box number.');
    const history = (await ok('GET', '/ck/boxes/changes?boxId=6602')) as BoxCkChangePage;
    expect(history.items).toEqual([expect.objectContaining({ boxId: 6602, from: null, to: '1333', by: 'demo_root', source: 'set' })]);
    expect(
      await t.app.db
        .selectFrom('operation_log')
        .select(['old_value', 'new_value'])
        .where('action', '=', 'ck.boxSet')
        .where('target', '=', '6602')
        .execute(),
    ).toEqual([{ old_value: null, new_value: '1333' }]);
  });

  it('imports a sheet of box numbers and CK codes: every problem by row and column, nothing written until it is clean', async () => {
    await registerBoxes(t.app, 6611, 6613, 'demo_manager');
    const bad = csv('Box number,CK code\n6611,1122\n6612,12\n6699,1122\n6611,2001\n6613,8888\n');
    const preview = (await ok('POST', '/ck/boxes/import', { ...bad, apply: true })) as BoxCkImportResult;
    expect(preview.applied).toBe(false);
    expect(preview.problems).toEqual([
      { row: 3, column: 'CK code', message: 'Row 3, CK code: a CK code is four digits.' },
      { row: 4, column: 'Box number', message: 'Row 4, Box number: no box has the number 6699.' },
      { row: 5, column: 'Box number', message: 'Row 5, Box number: box 6611 is also in row 2.' },
      { row: 6, column: 'CK code', message: 'Row 6, CK code: the CK code 8888 is not configured.' },
    ]);
    expect(((await ok('GET', '/ck/boxes?q=6611')) as BoxCkPage).total).toBe(0);
    // Headers in another language, a box already in its CK left alone.
    await ok('PUT', '/ck/boxes/6613', { ck: '2001' });
    const good = csv('盒子编号,CK码\n6611,1122\n6612,1122\n6613,2001\n');
    const shown = (await ok('POST', '/ck/boxes/import', good)) as BoxCkImportResult;
    expect(shown).toEqual({
      changes: [
        { row: 2, boxId: 6611, from: null, to: '1122' },
        { row: 3, boxId: 6612, from: null, to: '1122' },
      ],
      unchanged: 1,
      problems: [],
      applied: false,
    });
    expect(((await ok('GET', '/ck/boxes?q=6611')) as BoxCkPage).total).toBe(0);
    expect(((await ok('POST', '/ck/boxes/import', { ...good, apply: true })) as BoxCkImportResult).applied).toBe(true);
    expect(((await ok('GET', '/ck/boxes?ck=1122')) as BoxCkPage).items.map((r) => r.boxId)).toEqual([6611, 6612]);
    const history = (await ok('GET', '/ck/boxes/changes?boxId=6612')) as BoxCkChangePage;
    expect(history.items).toEqual([expect.objectContaining({ from: null, to: '1122', source: 'import' })]);
    await refused('POST', '/ck/boxes/import', csv('box\n6611\n'), 'The first row must name the columns; CK code is missing.');
    await refused('POST', '/ck/boxes/import', csv('box,ck\n'), 'The file has no rows.');
    await refused(
      'POST',
      '/ck/boxes/import',
      { fileName: 'x.xlsx', content: Buffer.from('not a workbook').toString('base64') },
      'The file could not be read as .xlsx or .csv.',
    );
  });

  it('deletes a CK no box or user carries, and refuses one in use, saying what uses it', async () => {
    await refused(
      'DELETE',
      '/ck/1122',
      undefined,
      'The CK code 1122 is in use: 2 box(es) and 0 user(s) carry it. Give them another code first.',
    );
    const users = (await ck('2001')).users;
    await refused(
      'DELETE',
      '/ck/2001',
      undefined,
      `The CK code 2001 is in use: 1 box(es) and ${users} user(s) carry it. Give them another code first.`,
    );
    await ok('POST', '/ck', { ck: '6000', company: 'Short-lived' });
    expect(await ok('DELETE', '/ck/6000')).toBeNull();
    await refused('DELETE', '/ck/6000', undefined, 'The CK code 6000 is not configured; add it on the CK page first.', 404);
  });

  it('a box registered with a CK starts its history, and its code is listed', async () => {
    const manager = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow()).id;
    const res = await call(root, 'POST', '/box-reg-info', {
      startBoxId: 6621,
      endBoxId: 6621,
      userId: manager,
      boxType: 'CK-GW',
      companyName: 'CK Test',
      ck: '7412',
    });
    expect(body(res).code, JSON.stringify(body(res))).toBe(20000);
    expect(await ck('7412')).toMatchObject({ company: '', boxes: 1 });
    const history = (await ok('GET', '/ck/boxes/changes?boxId=6621')) as BoxCkChangePage;
    expect(history.items).toEqual([expect.objectContaining({ from: null, to: '7412', source: 'register' })]);
  });

  it('a sub-manager made with a new CK code configures it, without a company, for root to name', async () => {
    const manager = await login(t.app, 'demo_manager');
    const made = await call(manager, 'POST', '/user_register/add_next_manager', {
      username: 'ck_branch1',
      password: 'secret123',
      ck: '7413',
    });
    expect(body(made).code, JSON.stringify(body(made))).toBe(20000);
    expect(await ck('7413')).toMatchObject({ company: '', users: 1, boxes: 0, updatedBy: 'demo_manager' });
  });

  it('refuses to delete a type a CK code or a model code names, saying by how many', async () => {
    const { id } = body(
      await call(root, 'POST', `/controller-types/${screw}/copy`, {
        code: 'named-type',
        name: { en: 'Named', zh: '名', es: 'Nombrado', ja: '名前' },
      }),
    ).data as { id: number };
    await ok('POST', '/ck', { ck: '5300', company: 'Namer' });
    await ok('PUT', '/ck/5300/types', { typeIds: [id] });
    await ok('PUT', '/controller-types/relations/NAMED-1', { typeId: id });
    await refused(
      'DELETE',
      `/controller-types/${id}`,
      undefined,
      'This controller type is named by 1 model code relation(s) and 1 CK code(s); take it off them first.',
    );
    await ok('DELETE', '/controller-types/relations/NAMED-1');
    await ok('PUT', '/ck/5300/types', { typeIds: [] });
    expect(await ok('DELETE', `/controller-types/${id}`)).toBeNull();
  });
});
