import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, buildTestApp, login, type TestApp } from './helper.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Every file of server/src below `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * One clock (issue 19 §2): every service takes the app's clock (`app.clock`, moved by tests), none reads or defaults
 * to Date.now, so what a service stamps (users, links, logs, exports) follows a test that moves time.
 */
describe('one clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('no module of server/src/modules reads Date.now', () => {
    const readers = sources(path.join(SRC, 'modules')).filter((f) => fs.readFileSync(f, 'utf8').includes('Date.now'));
    expect(readers.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('a helper created while the clock is moved is stamped with that time, and so is its operation-log line', async () => {
    const token = await login(t.app, 'demo_manager');
    // An hour ahead of the wall clock (the session stays valid): what is stamped follows the app clock, not Date.now.
    t.clock.now += 3_600_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user_register/add_helper',
      headers: bearer(token),
      payload: { username: 'clock_helper', password: 'secret123', helperType: 'operator' },
    });
    expect(body(res).code).toBe(20000);
    const user = await t.app.db.selectFrom('users').select('created_at').where('username', '=', 'clock_helper').executeTakeFirstOrThrow();
    expect(user.created_at).toBe(t.clock.now);
    const log = await t.app.db.selectFrom('operation_log').select('time').where('target', '=', 'clock_helper').executeTakeFirstOrThrow();
    expect(log.time).toBe(t.clock.now);
  });
});
