import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateDetail, TemplatePage } from '@dms/contract';
import { registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** docs/people.md "Permission templates"; docs/api.md "Permission templates". */
describe.each(dialects)('permission templates on %s', (dialect) => {
  let t: TestApp;
  let root = '';
  let typeId = 0;
  /** A writable register of the screw compressor and one that is not. */
  let writable = 0;
  let readOnly = 0;

  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) => {
    const res = await call(root, method, path, payload);
    expect(body(res), `${method} ${path}`).toMatchObject({ code: 20000 });
    return body(res).data;
  };
  const refused = async (
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload: Record<string, unknown> | undefined,
    status: number,
    message: string,
  ) => {
    const res = await call(root, method, path, payload);
    expect(res.statusCode, message).toBe(status);
    expect(body(res).message).toBe(message);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
    typeId = (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow())
      .id;
    const regs = await t.app.db.selectFrom('controller_registers').select(['number', 'writable']).where('type_id', '=', typeId).execute();
    writable = regs.find((r) => r.writable === 1)?.number ?? 0;
    readOnly = regs.find((r) => r.writable === 0)?.number ?? 0;
  });
  afterAll(async () => t.close());

  it('lists the seeded templates; creates, saves with named rights and reads back a template', async () => {
    const seeded = (await ok('GET', '/permission-templates')) as TemplatePage;
    expect(seeded.total).toBe(3);
    expect(seeded.items.map((r) => r.builtin)).toEqual(['full', 'operator', 'read-only']);
    const { id } = (await ok('POST', '/permission-templates', { name: 'Night shift', level: 6, defaultWrite: 'none' })) as { id: number };
    await ok('PUT', `/permission-templates/${id}`, {
      name: 'Night shift',
      level: 7,
      defaultRead: true,
      defaultWrite: 'none',
      remark: 'watch only, except one setpoint',
      rights: [
        { typeId, register: writable, read: true, write: true },
        { typeId, register: readOnly, read: false, write: false },
      ],
    });
    const detail = (await ok('GET', `/permission-templates/${id}`)) as TemplateDetail;
    expect(detail).toMatchObject({ name: 'Night shift', level: 7, defaultRead: true, defaultWrite: 'none', users: 0 });
    expect(detail.rights).toEqual(
      [
        { typeId, register: writable, read: true, write: true },
        { typeId, register: readOnly, read: false, write: false },
      ].sort((a, b) => a.register - b.register),
    );
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'old_value', 'new_value'])
      .where('target', '=', 'Night shift')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['template.create', 'template.save']);
    expect(log[1]?.new_value).toContain('2 named right(s)');
  });

  it('refuses bad input with its message', async () => {
    await refused('POST', '/permission-templates', { name: '', level: 6 }, 400, "Please enter the template's name.");
    await refused(
      'POST',
      '/permission-templates',
      { name: 'X', level: 9 },
      400,
      'The level must be a whole number from 1 (root) to 8 (end user).',
    );
    // A built-in template's name, in any of the four languages, trimmed and in any case, is not another template's.
    for (const name of ['Operator', ' operator ', 'FULL CONTROL', '完全控制', 'Solo lectura', 'オペレーター'])
      await refused('POST', '/permission-templates', { name, level: 6 }, 400, 'This name belongs to a built-in template; choose another.');
    const { id } = (await ok('POST', '/permission-templates', { name: 'Scratch', level: 6 })) as { id: number };
    // Names are compared trimmed and case-folded.
    await refused('POST', '/permission-templates', { name: '  SCRATCH ', level: 6 }, 400, 'A template with this name already exists.');
    await refused(
      'PUT',
      `/permission-templates/${id}`,
      { name: 'Operator', level: 6 },
      400,
      'This name belongs to a built-in template; choose another.',
    );
    // The rights are a set: one register named twice is refused, whatever the order would have made of it.
    await refused(
      'PUT',
      `/permission-templates/${id}`,
      {
        name: 'Scratch',
        level: 6,
        rights: [
          { typeId, register: writable, read: true, write: true },
          { typeId, register: writable, read: false, write: false },
        ],
      },
      400,
      `Register ${writable} of type ${typeId} is named twice; name each register once.`,
    );
    await refused(
      'PUT',
      `/permission-templates/${id}`,
      { name: 'Scratch', level: 6, rights: [{ typeId, register: 65000, read: true, write: false }] },
      400,
      `Controller type ${typeId} has no register 65000.`,
    );
    await refused(
      'PUT',
      `/permission-templates/${id}`,
      { name: 'Scratch', level: 6, rights: [{ typeId, register: readOnly, read: true, write: true }] },
      400,
      `Register ${readOnly} of type ${typeId} is not writable.`,
    );
    const tooMany = Array.from({ length: 4001 }, (_, i) => ({ typeId, register: i, read: true, write: false }));
    await refused(
      'PUT',
      `/permission-templates/${id}`,
      { name: 'Scratch', level: 6, rights: tooMany },
      400,
      'A template may name at most 4,000 register rights.',
    );
    expect((await call(root, 'GET', '/permission-templates/99999')).statusCode).toBe(404);
  });

  it('searches the names (built-in ones in every language), sorts by each column either way, and pages', async () => {
    const names = (page: TemplatePage) => page.items.map((r) => r.builtin ?? r.name);
    const list = async (query: string) => (await ok('GET', `/permission-templates?${query}`)) as TemplatePage;
    const made = new Map<string, number>();
    for (const [name, level, updatedAt] of [
      ['Kiln alpha 100%', 7, 2000],
      ['kiln bravo_x', 5, 3000],
      ['KILN charlie', 6, 1000],
    ] as const) {
      const { id } = (await ok('POST', '/permission-templates', { name, level })) as { id: number };
      await t.app.db.updateTable('permission_templates').set({ updated_at: updatedAt }).where('id', '=', id).execute();
      made.set(name, id);
    }
    // Users holding them: charlie two, alpha one, bravo none.
    const holders = [
      ['demo_end_user', 'KILN charlie'],
      ['demo_helper', 'KILN charlie'],
      ['demo_market', 'Kiln alpha 100%'],
    ] as const;
    for (const [username, name] of holders)
      await t.app.db
        .updateTable('users')
        .set({ template_id: made.get(name) ?? null })
        .where('username', '=', username)
        .execute();
    try {
      // Anywhere in the name, any case; level then name by default.
      const all = await list('q=KILN');
      expect(all.total).toBe(3);
      expect(names(all)).toEqual(['kiln bravo_x', 'KILN charlie', 'Kiln alpha 100%']);
      expect(names(await list('q=LN%20ch'))).toEqual(['KILN charlie']);
      // LIKE's wildcards are the characters themselves.
      expect(names(await list('q=%25'))).toEqual(['Kiln alpha 100%']);
      expect(names(await list('q=_'))).toEqual(['kiln bravo_x']);
      expect((await list('q=kiln%25charlie')).total).toBe(0);
      // A built-in template by its name in any language (the name stored is English), in any case.
      expect(names(await list(`q=${encodeURIComponent('操作')}`))).toEqual(['operator']);
      expect(names(await list('q=OPERADOR'))).toEqual(['operator']);
      expect(names(await list('q=lectura'))).toEqual(['read-only']);
      expect(names(await list(`q=${encodeURIComponent('フル')}`))).toEqual(['full']);
      // Every sort, either way (then by name).
      expect(names(await list('q=kiln&order=desc'))).toEqual(['Kiln alpha 100%', 'KILN charlie', 'kiln bravo_x']);
      expect(names(await list('q=kiln&sort=name'))).toEqual(['Kiln alpha 100%', 'kiln bravo_x', 'KILN charlie']);
      expect(names(await list('q=kiln&sort=name&order=desc'))).toEqual(['KILN charlie', 'kiln bravo_x', 'Kiln alpha 100%']);
      const byUsers = await list('q=kiln&sort=users&order=desc');
      expect(names(byUsers)).toEqual(['KILN charlie', 'Kiln alpha 100%', 'kiln bravo_x']);
      expect(byUsers.items.map((r) => r.users)).toEqual([2, 1, 0]);
      expect(names(await list('q=kiln&sort=users'))).toEqual(['kiln bravo_x', 'Kiln alpha 100%', 'KILN charlie']);
      expect(names(await list('q=kiln&sort=updatedAt'))).toEqual(['KILN charlie', 'Kiln alpha 100%', 'kiln bravo_x']);
      expect(names(await list('q=kiln&sort=updatedAt&order=desc'))).toEqual(['kiln bravo_x', 'Kiln alpha 100%', 'KILN charlie']);
      // Pages of the search, the total of all of it.
      const second = await list('q=kiln&page=2&page_size=2');
      expect(second.total).toBe(3);
      expect(names(second)).toEqual(['Kiln alpha 100%']);
      expect(await list('q=kiln&page=3&page_size=2')).toEqual({ total: 3, items: [] });
    } finally {
      await t.app.db
        .updateTable('users')
        .set({ template_id: null })
        .where('username', 'in', ['demo_end_user', 'demo_helper', 'demo_market'])
        .execute();
    }
  });

  it('refuses a bad list query with its message', async () => {
    for (const [query, message] of [
      ['sort=colour', 'Invalid value for sort'],
      ['order=up', 'Invalid value for order'],
      ['page=0', 'Invalid value for page'],
      ['page_size=201', 'Invalid value for page_size'],
      [`q=${'x'.repeat(65)}`, 'q is too long'],
    ] as const) {
      const res = await call(root, 'GET', `/permission-templates?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res), query).toMatchObject({ code: 40001, message });
    }
  });

  it('deletes a template nobody holds; refuses a built-in one and one in use', async () => {
    const rows = ((await ok('GET', '/permission-templates')) as TemplatePage).items;
    const builtin = rows.find((r) => r.builtin === 'operator')?.id ?? 0;
    await refused('DELETE', `/permission-templates/${builtin}`, undefined, 400, 'The built-in templates cannot be deleted.');
    await refused(
      'PUT',
      `/permission-templates/${builtin}`,
      { name: 'Renamed', level: 6, defaultWrite: 'operating' },
      400,
      'The built-in templates keep their names.',
    );
    const { id } = (await ok('POST', '/permission-templates', { name: 'Held', level: 6 })) as { id: number };
    await t.app.db.updateTable('users').set({ template_id: id }).where('username', '=', 'demo_end_user').execute();
    await refused('DELETE', `/permission-templates/${id}`, undefined, 409, '1 user(s) hold this template; give them another one first.');
    await t.app.db.updateTable('users').set({ template_id: null }).where('username', '=', 'demo_end_user').execute();
    await ok('DELETE', `/permission-templates/${id}`);
    expect(((await ok('GET', '/permission-templates?q=Held')) as TemplatePage).total).toBe(0);
  });

  it('a saved template applies at once to the users holding it: the device page withholds what it forbids', async () => {
    const { id } = (await ok('POST', '/permission-templates', { name: 'Applied', level: 6, defaultWrite: 'all' })) as { id: number };
    await t.app.db.updateTable('users').set({ template_id: id }).where('username', '=', 'demo_manager').execute();
    const manager = await login(t.app, 'demo_manager');
    await registerBoxes(t.app, 6401, 6401, 'demo_manager');
    const owner = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow()).id;
    const device = await insertDevice(t, { box_id: 6401, controller: 1, owner_id: owner, status: 'online', fault: 0, alert: 0 });
    await t.app.db.updateTable('devices').set({ type_id: typeId }).where('id', '=', device).execute();
    await ok('PUT', `/permission-templates/${id}`, {
      name: 'Applied',
      level: 6,
      defaultWrite: 'all',
      rights: [{ typeId, register: writable, read: false, write: false }],
    });
    const withheld = async () =>
      (body(await call(manager, 'GET', '/devices/6401/1')).data as { template: { noRead: number[]; noWrite: number[] } }).template;
    expect(await withheld()).toEqual({ noRead: [writable], noWrite: [writable] });
    // Back to the role's default (Full control for a manager): nothing withheld.
    await t.app.db.updateTable('users').set({ template_id: null }).where('username', '=', 'demo_manager').execute();
    expect(await withheld()).toEqual({ noRead: [], noWrite: [] });
  });

  it('is root’s: 401 signed out, 403 for every other role', async () => {
    expect((await call(null, 'GET', '/permission-templates')).statusCode).toBe(401);
    for (const username of ['demo_limited_admin', 'demo_manager', 'demo_end_user']) {
      const token = await login(t.app, username);
      for (const [method, path] of [
        ['GET', '/permission-templates'],
        ['POST', '/permission-templates'],
        ['DELETE', '/permission-templates/1'],
      ] as const) {
        const res = await call(token, method, path, method === 'POST' ? { name: 'X', level: 6 } : undefined);
        expect(res.statusCode, `${username} ${method} ${path}`).toBe(403);
      }
    }
  });
});
