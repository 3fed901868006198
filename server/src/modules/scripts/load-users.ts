import { randomUUID } from 'node:crypto';
import {
  addHelperBody,
  addManagerBody,
  canAccess,
  Code,
  isMessageKey,
  message,
  usernameSchema,
  type Area,
  type Language,
  type MessageKey,
  type UploadProblem,
} from '@dms/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { headerNames, rowsByHeader } from '../exports/read-sheet.js';
import type { HelperService } from '../usermanager/helpers/service.js';
import type { ManagerService } from '../usermanager/managers/service.js';
import { actingAs } from '../usermanager/people.js';
import { generatePassword } from './passwords.js';
import { sheetProblems, usersNamed } from './load-sheet.js';
import { fieldsText, type ItemResult, type Planned, type ScriptContext } from './script.js';

/** How long a password a file gave is held for its run: longer than a preview waits and a run lasts. */
const HELD_MS = 24 * 60 * 60_000;

/** The roles a users sheet creates, each with the screen (access area) its parent must reach, and its body. */
const ROLES = ['manager', 'helper'] as const;
type LoadRole = (typeof ROLES)[number];
const AREA: Record<LoadRole, Area> = { manager: 'addManager', helper: 'addHelper' };
/** The body each role's add reads (its messages are the add form's). */
const BODY = { manager: addManagerBody, helper: addHelperBody } as const;
const isRole = (v: string): v is LoadRole => (ROLES as readonly string[]).includes(v);

/** A users sheet: one account a row, created below its parent (a username) as the parent's own add creates it. */
const COLUMNS = ['username', 'role', 'parent', 'password', 'name', 'company', 'phone', 'ck', 'helperType', 'region', 'remark'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: readonly Column[] = ['username', 'role', 'parent'];
/** The columns each role's body takes (addManagerBody, addHelperBody); the others must be left empty for it. */
const FIELDS: Record<LoadRole, readonly Column[]> = {
  manager: ['username', 'password', 'name', 'company', 'phone', 'ck', 'remark'],
  helper: ['username', 'password', 'name', 'phone', 'helperType', 'region', 'remark'],
};
const OWN: readonly Column[] = ['company', 'ck', 'helperType', 'region'];
const NAMES: Record<Column, MessageKey> = {
  username: 'scripts.load.column.username',
  role: 'scripts.load.column.role',
  parent: 'scripts.load.column.parent',
  password: 'scripts.load.column.password',
  name: 'scripts.load.column.name',
  company: 'scripts.load.column.companyName',
  phone: 'scripts.load.column.phone',
  ck: 'scripts.load.column.ck',
  helperType: 'scripts.load.column.helperType',
  region: 'scripts.load.column.region',
  remark: 'scripts.load.column.remark',
};
const HEADERS = headerNames(NAMES, [
  ...COLUMNS.map((c) => [c, c] as const),
  ['user', 'username'],
  ['companyName', 'company'],
  ['ckCode', 'ck'],
  ['type', 'helperType'],
]);

/** One account to create, as the dry run found it: its body's fields but the password, which is held apart. */
export const userToLoad = z.object({
  row: z.number().int(),
  role: z.enum(ROLES),
  parentId: z.number().int(),
  parent: z.string(),
  fields: z.record(z.string(), z.string()),
  /** The key a password the file gave is held under (in memory only); null: a password is generated. */
  passwordKey: z.string().nullable(),
});
export type UserToLoad = z.infer<typeof userToLoad>;

const shown = (u: UserToLoad, lang: Language) =>
  fieldsText([
    [message(lang, NAMES.role), u.role],
    [message(lang, NAMES.parent), u.parent],
    ...FIELDS[u.role].filter((c) => c !== 'username' && c !== 'password').map((c) => [message(lang, NAMES[c]), u.fields[c]] as const),
    ...(u.passwordKey === null ? [[message(lang, NAMES.password), message(lang, 'scripts.generated')] as const] : []),
  ]);

/**
 * Creating users below their parents (docs/scripts.md `load`, docs/people.md "Managing the users below"): root
 * creates, in a user's place, the accounts that user could create on their own screens, through the same service
 * (ManagerService.add, HelperService.add) with the parent as the one it is made below; the operation log names root.
 * Passwords a file gives are held in memory for the run, never stored with its items; a generated one is the item's
 * secret, shown once.
 */
export class UsersLoad {
  private readonly given = new Map<string, { password: string; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly people: { managers: ManagerService; helpers: HelperService },
    private readonly now: () => number,
  ) {}

  /**
   * The accounts of a sheet, each row checked as the parent's add checks it (the body's own messages) and against the
   * database: the name is free and not in another row, the role is one a parent creates, the parent is an enabled user
   * whose roles reach the screen that adds it. Answers the accounts, or every problem by row and column. Writes nothing.
   */
  async plan(
    sheet: readonly string[][],
    lang: Language,
  ): Promise<{ problems: UploadProblem[]; planned: Array<Planned<UserToLoad>>; rows: number }> {
    const { missing, rows } = rowsByHeader(sheet, HEADERS, COLUMNS);
    const { problems, problem, headed } = sheetProblems(lang, NAMES);
    if (!headed(missing, REQUIRED)) return { problems, planned: [], rows: rows.length };

    const names = new Map(rows.map((r) => [r.row, usernameSchema.safeParse(r.cells.username).data]));
    // One read for both: the names a row takes, and the parents rows name.
    const known = await usersNamed(this.db, [...[...names.values()].filter((n) => n !== undefined), ...rows.map((r) => r.cells.parent)]);
    const firstRow = new Map<string, number>();
    const found: Array<{ u: UserToLoad; password: string }> = [];
    for (const r of rows) {
      const own = new Map<Column, [MessageKey, Record<string, string | number>]>();
      const add = (c: Column, key: MessageKey, params: Record<string, string | number> = {}) => {
        if (!own.has(c)) own.set(c, [key, params]);
      };
      const value = (c: Column, key: MessageKey) => {
        add(c, 'error.scripts.load.value', { problem: message(lang, key, { field: message(lang, NAMES[c]) }) });
      };
      const role = r.cells.role.toLowerCase();
      const kind = isRole(role) ? role : null;
      const values = Object.fromEntries((kind ? FIELDS[kind] : ['username']).map((c) => [c, r.cells[c as Column]]));
      const parsed = (kind ? BODY[kind] : z.object({ username: usernameSchema })).safeParse({
        ...values,
        password: r.cells.password || generatePassword(),
      });
      for (const issue of parsed.error?.issues ?? []) {
        const c = issue.path[0] as Column;
        value(c, isMessageKey(issue.message) ? issue.message : 'validation.invalid');
      }
      const username = names.get(r.row);
      if (username !== undefined) {
        const other = firstRow.get(username);
        if (other !== undefined) add('username', 'error.scripts.load.userTwice', { username, other });
        else if (known.has(username)) add('username', 'error.scripts.load.userTaken', { username });
        if (other === undefined) firstRow.set(username, r.row);
      }
      if (r.cells.role === '') value('role', 'validation.field.required');
      else if (!kind) add('role', 'error.scripts.load.role', { role: r.cells.role });
      const parent = known.get(r.cells.parent);
      if (r.cells.parent === '') value('parent', 'validation.field.required');
      else if (!parent) add('parent', 'error.scripts.load.unknownOwner', { username: r.cells.parent });
      else if (parent.disabled === 1) add('parent', 'error.scripts.load.disabledParent', { username: parent.username });
      else if (kind && !canAccess(actingAs(parent).roles, AREA[kind]))
        add('parent', 'error.scripts.load.cannotHave', { parent: parent.username, role: kind });
      if (kind)
        for (const c of OWN) if (!FIELDS[kind].includes(c) && r.cells[c] !== '') add(c, 'error.scripts.load.notForRole', { role: kind });
      for (const c of COLUMNS) {
        const p = own.get(c);
        if (p) problem(r.row, c, p[0], p[1]);
      }
      if (own.size > 0 || !parsed.success || !kind || !parent) continue;
      const { password: _password, ...fields } = parsed.data as Record<string, unknown>;
      const u = { row: r.row, role: kind, parentId: parent.id, parent: parent.username, passwordKey: null, fields: strings(fields) };
      found.push({ u, password: r.cells.password });
    }
    if (problems.length > 0) return { problems, planned: [], rows: rows.length };
    // Only a file that is taken holds its passwords.
    const planned = found.map(({ u, password }) => {
      const held: UserToLoad = { ...u, passwordKey: password === '' ? null : this.hold(password) };
      return { target: held.fields.username ?? '', before: null, after: shown(held, lang), payload: held };
    });
    return { problems, planned, rows: rows.length };
  }

  /**
   * Creates one account below its parent, in the parent's place (usermanager/people.ts actingAs): the parent must
   * still be enabled and reach the screen that adds it; the service's own checks, log (naming `ctx.auth` as who did
   * it) and events follow. A generated password is the item's secret.
   */
  async apply({ auth, ip, lang }: ScriptContext, u: UserToLoad): Promise<ItemResult<never>> {
    const refuse = (column: Column, key: MessageKey, params: Record<string, string | number>) =>
      new AppError(Code.VALIDATION_FAILED, key, { row: u.row, column: message(lang, NAMES[column]), ...params });
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', u.parentId).executeTakeFirst();
    if (!row) throw refuse('parent', 'error.scripts.load.unknownOwner', { username: u.parent });
    if (row.disabled === 1) throw refuse('parent', 'error.scripts.load.disabledParent', { username: u.parent });
    const parent = actingAs(row);
    if (!canAccess(parent.roles, AREA[u.role])) throw refuse('parent', 'error.scripts.load.cannotHave', { parent: u.parent, role: u.role });
    const password = u.passwordKey === null ? generatePassword() : this.take(u.passwordKey);
    if (password === undefined)
      throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.load.passwordGone', { username: u.fields.username ?? '' });
    const body = { ...u.fields, password };
    if (u.role === 'manager') await this.people.managers.add(parent, addManagerBody.parse(body), ip, auth.user);
    else await this.people.helpers.add(parent, addHelperBody.parse(body), ip, auth.user);
    return { outcome: 'ok', ...(u.passwordKey === null ? { secret: password } : {}) };
  }

  /** Holds a password the file gave until its item takes it (or a day has passed). */
  private hold(password: string): string {
    const now = this.now();
    for (const [k, v] of this.given) if (v.at < now - HELD_MS) this.given.delete(k);
    const key = randomUUID();
    this.given.set(key, { password, at: now });
    return key;
  }

  private take(key: string): string | undefined {
    const held = this.given.get(key);
    this.given.delete(key);
    return held?.password;
  }
}

/** The body's fields as text (each of them is; a template is not loaded). */
const strings = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
