import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportJob, type RegisterDef, type TypeEditView, type TypeProtocol } from '@dms/contract';
import { builtinRegister } from '@dms/seed';
import { eventually } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();
const NAME = { en: 'Protocol type', zh: '协议类型', es: 'Tipo de protocolo', ja: 'プロトコル種別' };
const RUN_STATE = builtinRegister('screw-compressor', 'run_state');
const FAULTS = builtinRegister('screw-compressor', 'fault_bits');

/** docs/api.md "Controller types": a type's protocol document (/device-type/type-config/protocol/{id}/{alias}/{language}). */
describe.each(dialects)("a type's protocol document on %s", (dialect) => {
  let t: TestApp;
  let root = '';
  let id = 0;
  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', path: string, payload?: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
    const screw = (
      await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow()
    ).id;
    id = (body(await call(root, 'POST', `/controller-types/${screw}/copy`, { code: 'protocol-type', name: NAME })).data as { id: number })
      .id;
    // Version 2 renames the run state in English.
    const view = body(await call(root, 'GET', `/controller-types/${id}/edit`)).data as TypeEditView;
    const registers = view.registers.map((r): RegisterDef =>
      r.number === RUN_STATE ? { ...r, name: { ...r.name, en: 'Machine state' } } : r,
    );
    expect(body(await call(root, 'PUT', `/controller-types/${id}`, { name: NAME, kind: view.kind, version: 1, registers }))).toMatchObject({
      code: 20000,
    });
  });
  afterAll(async () => t.close());

  it('answers the map in use for `default` and a saved one for `v{n}`, with the versions there are', async () => {
    const now = body(await call(root, 'GET', `/controller-types/${id}/protocol/default`)).data as TypeProtocol;
    expect(now).toMatchObject({
      id,
      code: 'protocol-type',
      alias: 'default',
      version: 2,
      current: 2,
      versions: [2, 1],
      savedBy: 'demo_root',
    });
    expect(now.registers.find((r) => r.number === RUN_STATE)?.name.en).toBe('Machine state');
    const first = body(await call(root, 'GET', `/controller-types/${id}/protocol/v1`)).data as TypeProtocol;
    expect(first).toMatchObject({ alias: 'v1', version: 1, current: 2 });
    expect(first.registers.find((r) => r.number === RUN_STATE)?.name.en).toBe('Run state');
  });

  it('refuses an unknown version, a bad alias, an unknown type, a signed-out caller and anyone but root, with their messages', async () => {
    const missing = await call(root, 'GET', `/controller-types/${id}/protocol/v9`);
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ code: 40400, message: 'This type has no version 9.' });
    expect(body(await call(root, 'GET', `/controller-types/${id}/protocol/v9`, undefined, 'zh')).message).toBe('此类型没有版本9。');
    const bad = await call(root, 'GET', `/controller-types/${id}/protocol/latest`);
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 40001, message: 'Invalid value for alias' });
    expect((await call(root, 'GET', '/controller-types/999999/protocol/default')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/controller-types/${id}/protocol/default`)).statusCode).toBe(401);
    const manager = await login(t.app, 'demo_manager');
    const refused = await call(manager, 'GET', `/controller-types/${id}/protocol/default`);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(40300);
    expect(
      (
        await call(manager, 'POST', '/exports', {
          kind: 'type-protocol',
          filter: { typeId: id, alias: 'default', language: 'en' },
          tz: 'UTC',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('exports the document as .xlsx in the language asked: the same cells as the console shows', async () => {
    const res = await call(root, 'POST', '/exports', {
      kind: 'type-protocol',
      filter: { typeId: id, alias: 'v1', language: 'es' },
      tz: 'UTC',
    });
    const job = body(res).data as ExportJob;
    await eventually(async () => {
      expect((body(await call(root, 'GET', `/exports/${job.id}`)).data as ExportJob).state).toBe('ready');
    });
    const file = await call(root, 'GET', `/exports/${job.id}/file`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('protocol-type');
    expect(ws?.getRow(1).values).toEqual([
      undefined,
      'Número',
      'Clave',
      'Nombre',
      'Acceso',
      'Formato',
      'Unidad',
      'Escala',
      'Codificación',
      'Rango',
      'Valores',
    ]);
    const row = (number: number) => {
      for (let r = 2; r <= (ws?.rowCount ?? 0); r++) if (ws?.getRow(r).getCell(1).value === number) return ws.getRow(r);
      throw new Error(`no row for ${number}`);
    };
    expect(row(RUN_STATE).getCell(3).value).toBe('Estado de funcionamiento');
    expect(row(RUN_STATE).getCell(5).value).toBe('Opciones');
    expect(row(RUN_STATE).getCell(10).text).toMatch(/^0 = /);
    expect(row(FAULTS).getCell(8).value).toBe('16 bits, sin signo, entero');
    expect(row(FAULTS).getCell(10).text).toContain('(fallo)');
  });
});
