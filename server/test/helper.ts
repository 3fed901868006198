import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import { refreshReach } from '../src/access/reach.js';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DevicesTable } from '../src/db/schema.js';
import { seedInitialAccounts } from '../src/modules/user/seed.js';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const DEMO_PASSWORD = 'demo123456';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The databases the server tests run on: SQLite always, PostgreSQL where 127.0.0.1:5432 answers.
 * In CI (CI=true) PostgreSQL is required, so a run can't silently skip it.
 */
export async function testDialects(): Promise<Array<'sqlite' | 'postgres'>> {
  if (await postgresAnswers()) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but ${PG_URL} does not answer`);
  console.warn(`PostgreSQL at ${PG_URL} does not answer: server tests run on SQLite only`);
  return ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: { now: number };
  close: () => Promise<void>;
}

let counter = 0;

/** A real app on a fresh database (a temp SQLite file, or a fresh PostgreSQL schema), seeded with the demo accounts. */
export async function buildTestApp(
  dialect: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  options: { seed?: boolean; logger?: BuildOptions['logger'] } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-test-'));
  counter += 1;
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${counter}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DEMO_PASSWORD,
    WEB_DIST: path.join(dir, 'no-web'),
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const clock = { now: Date.now() };
  const app = await buildApp(config, { logger: options.logger ?? false, now: () => clock.now });
  if (options.seed !== false) await seedInitialAccounts(app.db, config, clock.now);
  const built: TestApp = {
    app,
    config,
    clock,
    close: async () => {
      // A PostgreSQL schema is dropped when every test file is done (global-setup.ts), not under the others.
      await built.app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return built;
}

export interface Body {
  code: number;
  message: string;
  data?: unknown;
}

export function body(res: LightMyRequestResponse): Body {
  return res.json<Body>();
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD, ip = '10.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v2/user/login', payload: { username, password }, remoteAddress: ip });
  const b = res.json<{ code: number; data: { token: string } }>();
  if (b.code !== 20000) throw new Error(`login ${username} failed: ${res.body}`);
  return b.data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls of the API as users signed in with `tokens` (by username; null: without a token), in a language: the answer
 * (`call`), a success's data checked by its envelope code (`ok`; 20000 unless `code`), and a refusal checked by its
 * HTTP status, code and (when given) message (`refused`).
 */
export function apiAs(app: () => FastifyInstance, tokens: Readonly<Record<string, string>>) {
  const call = (user: string | null, method: Method, url: string, payload?: unknown, lang = 'en') =>
    app().inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...(user ? bearer(tokens[user] ?? '') : {}), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T>(user: string, method: Method, url: string, payload?: unknown, options: { lang?: string; code?: number } = {}) => {
    const res = await call(user, method, url, payload, options.lang);
    expect(body(res), `${user} ${method} ${url}`).toMatchObject({ code: options.code ?? 20000 });
    expect(res.statusCode).toBe(200);
    return body(res).data as T;
  };
  const refused = async (
    user: string | null,
    method: Method,
    url: string,
    payload: unknown,
    expected: { status: number; code: number; message?: string },
    lang = 'en',
  ) => {
    const res = await call(user, method, url, payload, lang);
    expect(
      { status: res.statusCode, code: body(res).code, ...(expected.message === undefined ? {} : { message: body(res).message }) },
      `${user} ${method} ${url}`,
    ).toEqual(expected);
  };
  return { call, ok, refused };
}

/** The operation log's records of an action, oldest first: who, of what, the new value and from where. */
export function loggedOps(t: TestApp, action: string) {
  return t.app.db
    .selectFrom('operation_log')
    .select(['username', 'target', 'new_value', 'ip'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

/** The users' ids by username, read once: the answer gives a username's id (0 for an unknown one). */
export async function userIds(t: TestApp): Promise<(username: string) => number> {
  const users = await t.app.db.selectFrom('users').select(['id', 'username']).execute();
  return (username) => users.find((u) => u.username === username)?.id ?? 0;
}

/**
 * Gives demo_helper a device by a helper link from demo_manager (values shown; switching when asked), with the reach
 * it gives (docs/people.md); answers the link's id.
 */
export async function linkHelper(t: TestApp, deviceId: number, options: { canSwitch?: boolean; at?: number } = {}): Promise<number> {
  const uid = await userIds(t);
  const link = await t.app.db
    .insertInto('device_links')
    .values({
      device_id: deviceId,
      kind: 'helper',
      user_id: uid('demo_helper'),
      source_user_id: uid('demo_manager'),
      can_switch: options.canSwitch ? 1 : 0,
      show_value: 1,
      created_at: options.at ?? t.clock.now,
      recalled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshReach(t.app.db, [deviceId]);
  return link.id;
}

/** Writes a screw-compressor device row straight into the database (online as its status says, never seen); answers its id. */
export async function insertDevice(
  t: TestApp,
  row: Omit<Insertable<DevicesTable>, 'type_id' | 'type_code' | 'online' | 'last_seen' | 'created_at'>,
  at = t.clock.now,
): Promise<number> {
  const inserted = await t.app.db
    .insertInto('devices')
    .values({
      ...row,
      type_id: null,
      type_code: 'screw-compressor',
      online: row.status.startsWith('online') ? 1 : 0,
      last_seen: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshReach(t.app.db, [inserted.id]);
  return inserted.id;
}

/** A device on a box at a bus index, online, with no place or condition, owned by `ownerId` (its reach refreshed). */
export function insertOnlineDevice(t: TestApp, boxId: number, controller: number, ownerId: number): Promise<number> {
  return insertDevice(t, {
    box_id: boxId,
    controller,
    model: '',
    status: 'online',
    province: '',
    city: '',
    lng: null,
    lat: null,
    owner_id: ownerId,
    fault: 0,
    alert: 0,
  });
}

/** A right a test template names: read and write of one register of one type. */
export interface TemplateRight {
  typeId: number;
  register: number;
  read: boolean;
  write: boolean;
}

/**
 * A permission template of a test's own, straight into the database (held by no one yet): its defaults and the rights
 * it names. The caller drops the compiled rights (`invalidateTemplates` or the `templateChanged` event) when it
 * changes rights a user already holds.
 */
export async function insertTemplate(
  db: TestApp['app']['db'],
  template: { name: string; defaultRead: boolean; defaultWrite: 'all' | 'operating' | 'none'; level?: number },
  rights: readonly TemplateRight[] = [],
): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('permission_templates')
    .values({
      name: template.name,
      level: template.level ?? 6,
      builtin: null,
      default_read: template.defaultRead ? 1 : 0,
      default_write: template.defaultWrite,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (rights.length > 0)
    await db
      .insertInto('permission_template_rights')
      .values(
        rights.map((r) => ({
          template_id: id,
          type_id: r.typeId,
          register_number: r.register,
          can_read: r.read ? 1 : 0,
          can_write: r.write ? 1 : 0,
        })),
      )
      .execute();
  return id;
}
