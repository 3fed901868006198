import { expect } from 'vitest';
import { registerBoxes } from './boxes.js';
import { bearer, body, insertDevice, login, type TestApp } from './helper.js';

type Method = 'GET' | 'POST';

/**
 * The calls of the user-management tests (docs/people.md), signed in as each user in English: the demo accounts with
 * the demo password, the users a test made with theirs (`passwords`, which a test may change). `app` is read at each
 * call: the suite's app is built in its beforeAll.
 */
export function peopleCalls(app: () => TestApp, passwords = new Map<string, string>()) {
  const tokens = new Map<string, string>();
  const token = async (username: string) => {
    const known = tokens.get(username);
    if (known) return known;
    const fresh = await login(app().app, username, passwords.get(username));
    tokens.set(username, fresh);
    return fresh;
  };
  const call = async (username: string | null, method: Method, path: string, payload?: Record<string, unknown>) =>
    app().app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(username ? bearer(await token(username)) : {}), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  /** The data of a call that succeeds (20000). */
  const ok = async (username: string, method: Method, path: string, payload?: Record<string, unknown>) => {
    const res = await call(username, method, path, payload);
    expect(body(res), `${method} ${path}`).toMatchObject({ code: 20000 });
    return body(res).data;
  };
  /** A call refused with this HTTP status and message. */
  const refused = async (
    username: string,
    method: Method,
    path: string,
    payload: Record<string, unknown> | undefined,
    status: number,
    message: string,
  ) => {
    const res = await call(username, method, path, payload);
    expect(res.statusCode, message).toBe(status);
    expect(body(res).message, path).toBe(message);
  };
  /** The devices a user's device list shows (the first 100), with how they reach each. */
  const listOf = async (username: string) =>
    (
      (await ok(username, 'GET', '/devices?page_size=100')) as {
        items: Array<{ id: number; reach: { how: string; canSwitch: boolean; data: boolean; hidden: boolean; assignedBy: string | null } }>;
      }
    ).items;
  /** How a user reaches each device of their list, by device id. */
  const reachOf = async (username: string) => new Map((await listOf(username)).map((d) => [d.id, d.reach]));
  return { tokens, passwords, token, call, ok, refused, listOf, reachOf };
}

/** Registers the boxes `first`..`last` to `ownerId` with one online device each; answers the device ids in order. */
export async function ownDevices(t: TestApp, first: number, last: number, owner: string, ownerId: number): Promise<number[]> {
  await registerBoxes(t.app, first, last, owner);
  const ids: number[] = [];
  for (let box = first; box <= last; box++)
    ids.push(await insertDevice(t, { box_id: box, controller: 1, owner_id: ownerId, status: 'online', fault: 0, alert: 0 }));
  return ids.sort((a, b) => a - b);
}

/** The users the sub-manager tests make sign in with their own password. */
export const BRANCH_PASSWORDS: ReadonlyArray<[string, string]> = [
  ['branch_mgr1', 'secret123'],
  ['branch_mgr2', 'secret123'],
  ['branch_helper', 'secret123'],
];

/** The tree the sub-manager tests build: demo_manager → branch_mgr1 (Li Wei of 苏州分公司) → branch_mgr2 (CK 4321). */
export async function addBranches(ok: ReturnType<typeof peopleCalls>['ok']): Promise<{ branch1: number; branch2: number }> {
  const add = async (by: string, person: Record<string, unknown>) =>
    ((await ok(by, 'POST', '/user_register/add_next_manager', { password: 'secret123', ...person })) as { id: number }).id;
  const branch1 = await add('demo_manager', {
    username: 'branch_mgr1',
    name: 'Li Wei',
    company: '苏州分公司',
    phone: '138 0000 0002',
    remark: 'east plant',
  });
  return { branch1, branch2: await add('branch_mgr1', { username: 'branch_mgr2', ck: '4321' }) };
}
