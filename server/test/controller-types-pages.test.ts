import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail, RegisterDef, TypeEditView, TypePageConfig, TypePageView } from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const GROUP = (en: string) => ({ en, zh: `${en} zh`, es: `${en} es`, ja: `${en} ja` });

/** docs/api.md "Controller types": a type's detail page per alias (/device-type/type-config/page/{id}/{alias}). */
describe.each(dialects)('the detail page of a type on %s', (dialect) => {
  let t: TestApp;
  let root = '';
  let screw = 0;
  let maglev = 0;
  let screwMap: RegisterDef[] = [];
  const call = (token: string | null, method: Method, path: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const ok = async (method: Method, path: string, payload?: unknown) => {
    const res = await call(root, method, path, payload);
    expect(body(res), `${method} ${path}`).toMatchObject({ code: 20000 });
    return body(res).data;
  };
  const key = (map: RegisterDef[], k: string) => map.find((r) => r.key === k)?.number ?? -1;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
    const id = async (code: string) =>
      (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    screw = await id('screw-compressor');
    maglev = await id('maglev-blower');
    screwMap = ((await ok('GET', `/controller-types/${screw}/edit`)) as TypeEditView).registers;
  });
  afterAll(async () => t.close());

  it("opens a type's default page: every register in one group; the maglev blower's seeded page: its four figures as gauges and key figures, its chart roles", async () => {
    const view = (await ok('GET', `/controller-types/${maglev}/pages/default`)) as TypePageView;
    const map = ((await ok('GET', `/controller-types/${maglev}/edit`)) as TypeEditView).registers;
    // Seeded with the built-in type (migration 0017), saved by nobody.
    expect(view).toMatchObject({ typeId: maglev, alias: 'default', saved: true, aliases: ['default'], updatedBy: null, preview: null });
    expect(view.config.roles).toEqual({
      speed: key(map, 'speed'),
      power: key(map, 'power'),
      flow: key(map, 'flow'),
      pressure: key(map, 'outlet_pressure'),
      minSpeed: key(map, 'min_speed'),
      maxSpeed: key(map, 'max_speed'),
    });
    expect(view.config.groups).toEqual([
      { name: { en: 'Registers', zh: '寄存器', es: 'Registros', ja: 'レジスタ' }, registers: map.map((r) => r.number) },
    ]);
    const figures = ['speed', 'power', 'flow', 'outlet_pressure'].map((k) => key(map, k));
    expect(view.config.gauges).toEqual(figures);
    expect(view.config.keyFigures).toEqual(figures);
    expect(view.config.switches).toEqual(map.filter((r) => r.role === 'switch').map((r) => r.number));
    const plain = (await ok('GET', `/controller-types/${screw}/pages/default`)) as TypePageView;
    expect(plain).toMatchObject({ saved: false, aliases: [] });
    expect(plain.config).toMatchObject({ gauges: [], keyFigures: [], roles: {} });
    expect(plain.config.groups[0]?.registers).toEqual(screwMap.map((r) => r.number));
  });

  it('refuses a page that breaks the map, every problem named in the caller’s language, and bad input', async () => {
    const text = screwMap.find((r) => r.format !== 'number') as RegisterDef;
    const readOnly = screwMap.find((r) => !r.writable) as RegisterDef;
    const first = screwMap[0] as RegisterDef;
    const broken: TypePageConfig = {
      groups: [
        { name: GROUP('Main'), registers: [first.number, 60001] },
        { name: { ...GROUP('Other'), ja: ' ' }, registers: [first.number] },
      ],
      gauges: [text.number],
      switches: [readOnly.number],
      keyFigures: [],
      roles: {},
    };
    const res = await call(root, 'PUT', `/controller-types/${screw}/pages/default`, broken);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 40001, message: 'Register 60001 is not in the map.' });
    expect((body(res).data as { issues: Array<{ message: string }> }).issues.map((i) => i.message)).toEqual([
      'Register 60001 is not in the map.',
      'Group 2 needs a name in every language.',
      `Register ${first.number} is chosen twice.`,
      `Register ${text.number} is not a number: it cannot be a gauge or a key figure.`,
      `Register ${readOnly.number} is not writable: it cannot be an on/off button.`,
    ]);
    const zh = await call(root, 'PUT', `/controller-types/${screw}/pages/default`, broken, 'zh');
    expect(body(zh).message).toBe('寄存器 60001 不在寄存器表中。');
    const none = await call(root, 'PUT', `/controller-types/${screw}/pages/default`, {
      groups: [],
      gauges: [],
      switches: [],
      keyFigures: [],
    });
    expect(body(none).message).toBe('A page needs at least one group.');
    const alias = await call(root, 'GET', `/controller-types/${screw}/pages/a%20b`);
    expect(alias.statusCode).toBe(400);
    expect(body(alias).message).toBe('An alias is "default" or a firmware version: letters, digits, ".", "_" and "-", at most 32.');
    expect((await call(root, 'GET', '/controller-types/999999/pages/default')).statusCode).toBe(404);
    expect(((await ok('GET', `/controller-types/${screw}/pages/default`)) as TypePageView).saved).toBe(false);
    expect((await call(null, 'GET', `/controller-types/${screw}/pages/default`)).statusCode).toBe(401);
    const manager = await login(t.app, 'demo_manager');
    expect((await call(manager, 'GET', `/controller-types/${screw}/pages/default`)).statusCode).toBe(403);
    expect((await call(manager, 'PUT', `/controller-types/${screw}/pages/default`, broken)).statusCode).toBe(403);
  });

  it("saves a page; a device's page follows at once, its firmware's alias before the default, and a removal undoes it", async () => {
    const [box] = await registerBoxes(t.app, 6701, 6701, 'demo_manager');
    if (!box) throw new Error('no box');
    const client = await connectBox(t.app.mqttPort, box);
    try {
      await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
      await eventually(async () => {
        expect((await t.app.db.selectFrom('boxes').select('firmware').where('box_id', '=', box.boxId).executeTakeFirst())?.firmware).toBe(
          '2.4.1',
        );
      });
      // The type's live preview uses a device of it.
      expect(((await ok('GET', `/controller-types/${screw}/pages/default`)) as TypePageView).preview).toEqual({
        boxId: box.boxId,
        controller: 1,
      });
      const manager = await login(t.app, 'demo_manager');
      const detail = async () => (body(await call(manager, 'GET', `/devices/${box.boxId}/1`)).data as DeviceDetail).page;
      expect((await detail()).groups).toHaveLength(1);

      const pressure = key(screwMap, 'discharge_pressure');
      const temperature = key(screwMap, 'discharge_temperature');
      const runCmd = screwMap.find((r) => r.role === 'switch') as RegisterDef;
      const page: TypePageConfig = {
        groups: [
          { name: GROUP('Main'), registers: [pressure, temperature] },
          { name: GROUP('Commands'), registers: [runCmd.number] },
        ],
        gauges: [pressure],
        switches: [runCmd.number],
        keyFigures: [temperature, pressure],
        roles: {},
      };
      const saved = (await ok('PUT', `/controller-types/${screw}/pages/default`, page)) as TypePageView;
      expect(saved).toMatchObject({ saved: true, aliases: ['default'], updatedBy: 'demo_root', config: page });
      expect(await detail()).toEqual(page);
      const log = await t.app.db.selectFrom('operation_log').select(['target', 'new_value']).where('action', '=', 'type.page').execute();
      expect(log).toEqual([
        {
          target: `${screw}/default`,
          new_value: `groups Main (2), Commands (1); gauges ${pressure}; buttons ${runCmd.number}; key figures ${temperature}, ${pressure}`,
        },
      ]);

      // The box's firmware has its own page, which its devices show before the default.
      const firmwarePage = { ...page, groups: [{ name: GROUP('Firmware 2.4.1'), registers: [temperature] }] };
      await ok('PUT', `/controller-types/${screw}/pages/2.4.1`, firmwarePage);
      expect((await detail()).groups[0]?.name.en).toBe('Firmware 2.4.1');
      expect(((await ok('GET', `/controller-types/${screw}/pages/default`)) as TypePageView).aliases).toEqual(['2.4.1', 'default']);
      expect(await ok('DELETE', `/controller-types/${screw}/pages/2.4.1`)).toBeNull();
      expect((await detail()).groups[0]?.name.en).toBe('Main');
      const gone = await call(root, 'DELETE', `/controller-types/${screw}/pages/2.4.1`);
      expect(gone.statusCode).toBe(404);
      expect(body(gone).message).toBe('No page is saved for 2.4.1.');
      await ok('DELETE', `/controller-types/${screw}/pages/default`);
      expect((await detail()).groups).toHaveLength(1);
    } finally {
      await client.endAsync(true);
    }
  });

  it('refuses to remove a register a saved page shows, naming the page; off the page, it goes', async () => {
    const { id } = (await ok('POST', `/controller-types/${screw}/copy`, { code: 'paged-type', name: GROUP('Paged') })) as { id: number };
    const view = (await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView;
    const [a, b] = view.registers.filter((r) => r.format === 'number');
    if (!a || !b) throw new Error('no number registers');
    const page = {
      groups: [{ name: GROUP('Two'), registers: [a.number, b.number] }],
      gauges: [b.number],
      switches: [],
      keyFigures: [a.number],
    };
    await ok('PUT', `/controller-types/${id}/pages/2.4.1`, page);
    const without = {
      name: view.name,
      kind: view.kind,
      version: view.version,
      registers: view.registers.filter((r) => r.number !== b.number),
    };
    const refused = await call(root, 'PUT', `/controller-types/${id}`, without);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe(`Register ${b.number} is on the page of 2.4.1: take it off the page first.`);
    expect(((await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView).version).toBe(view.version);
    await ok('PUT', `/controller-types/${id}/pages/2.4.1`, {
      ...page,
      groups: [{ name: GROUP('One'), registers: [a.number] }],
      gauges: [],
    });
    expect(await ok('PUT', `/controller-types/${id}`, without)).toEqual({ version: view.version + 1 });
  });
});
