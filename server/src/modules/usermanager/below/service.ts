import type { OperationAction, PersonDeviceRow, PersonRow, PersonSummary } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { refreshReach } from '../../../access/index.js';
import type { Db } from '../../../db/database.js';
import type { UserRow } from '../../../db/schema.js';
import type { EventBus } from '../../../events/bus.js';
import type { AuthContext } from '../../../types.js';
import type { Audit, Operation } from '../../datalog/service.js';
import { createChild, giveTemplate, requirePerson, resetPassword, type NewPerson } from '../people.js';
import type { PersonKind } from './kind.js';
import * as repo from './repository.js';

/** What a service of people below the caller works with. */
export interface PeopleDeps {
  db: Db;
  bus: EventBus;
  audit: Audit;
  now: () => number;
}

/** The app's database, bus, operation log and clock. */
export const peopleDeps = (app: FastifyInstance): PeopleDeps => ({ db: app.db, bus: app.bus, audit: app.datalog, now: app.clock });

/** A page of a list: its offset and size. */
const pageOf = (q: { page: number; page_size: number }) => ({ offset: (q.page - 1) * q.page_size, limit: q.page_size });

/**
 * The people a user manages below them, of one kind (docs/people.md "Managing the users below"): their list, a new
 * one, their password and template, the devices linked to them and those the caller may link. Each of them is checked
 * first by the access module (`user.<role>`), inside the transaction of a change; every change goes to the
 * operation log, and a change of links to the live push. The helper and sub-manager services add their relation.
 */
export class PeopleBelow<F extends { q?: string | undefined }, N extends NewPerson, R extends PersonRow, D extends PersonDeviceRow> {
  protected readonly db: Db;
  protected readonly bus: EventBus;
  protected readonly audit: Audit;
  protected readonly now: () => number;

  constructor(
    private readonly deps: PeopleDeps,
    protected readonly kind: PersonKind<F, N, R, D>,
  ) {
    ({ db: this.db, bus: this.bus, audit: this.audit, now: this.now } = deps);
  }

  async list(
    auth: AuthContext,
    q: F & { page: number; page_size: number },
  ): Promise<{ total: number; items: Array<PersonRow & Omit<R, keyof PersonRow>> }> {
    const total = await this.count(auth, q);
    const rows = await repo.listChildren(this.db, auth.user.id, this.kind, this.filter(q), pageOf(q));
    return { total, items: rows.map((r) => this.row(r)) };
  }

  /** How many match a filter (an export's total). */
  async count(auth: AuthContext, filter: F): Promise<number> {
    return repo.countChildren(this.db, auth.user.id, this.kind.role, this.filter(filter));
  }

  /** Those matching a filter, 500 at a time (an export's rows). */
  async *rows(auth: AuthContext, filter: F): AsyncGenerator<Array<PersonRow & Omit<R, keyof PersonRow>>> {
    for (let page = 1; ; page += 1) {
      const rows = await repo.listChildren(this.db, auth.user.id, this.kind, this.filter(filter), pageOf({ page, page_size: 500 }));
      if (rows.length === 0) return;
      yield rows.map((r) => this.row(r));
      if (rows.length < 500) return;
    }
  }

  /** The list's search: `q` in the kind's columns, and its own filter. */
  private filter(q: F): repo.ChildFilter {
    return { q: q.q, columns: this.kind.search, equals: this.kind.filter(q) };
  }

  private row(r: repo.ChildRecord): PersonRow & Omit<R, keyof PersonRow> {
    return {
      id: r.id,
      username: r.username,
      name: r.name,
      phone: r.phone,
      template:
        r.template_id !== null && r.template_name !== null
          ? { id: r.template_id, name: r.template_name, builtin: r.template_builtin ?? null }
          : null,
      remark: r.remark,
      createdAt: r.created_at,
      ...this.kind.row(r),
    };
  }

  /**
   * Creates one below the caller (`auth`: the parent). `actor` is who did it, for the operation log: the caller, or
   * root creating it in the caller's place (the load script, with the parent's `actingAs`), when the line names the
   * parent too.
   */
  async add(auth: AuthContext, body: N, ip: string, actor: Operation['user'] = auth.user): Promise<{ id: number }> {
    const { level, ck, about } = this.kind.account(auth, body);
    const { id, template } = await createChild(this.db, auth, { ...body, role: this.kind.role, level, ck }, this.now());
    await this.audit.record({
      user: actor,
      action: `${this.kind.role}.add`,
      target: actor.id === auth.user.id ? body.username : `${body.username} (below ${auth.user.username})`,
      newValue: `${about}, template ${template?.name ?? 'default'}`,
      outcome: 'ok',
      ip,
    });
    return { id };
  }

  /** The caller's person of this kind, read in `db`; 403 alike for anyone else's and for an id that is nobody's. */
  protected require(db: Db, auth: AuthContext, userId: number): Promise<UserRow> {
    return requirePerson(db, auth, `user.${this.kind.role}`, userId);
  }

  /** The caller's person as the page of their devices names them. */
  async person(auth: AuthContext, userId: number): Promise<PersonSummary> {
    const p = await this.require(this.db, auth, userId);
    return { id: p.id, username: p.username, name: p.name, company: p.company };
  }

  async setPassword(auth: AuthContext, userId: number, password: string, ip: string): Promise<void> {
    const person = await resetPassword(this.deps, password, this.now(), (trx) => this.require(trx, auth, userId));
    await this.audit.record({ user: auth.user, action: `${this.kind.role}.password`, target: person.username, outcome: 'ok', ip });
  }

  async setTemplate(auth: AuthContext, userId: number, templateId: number | null, ip: string): Promise<void> {
    await giveTemplate(this.deps, auth, (trx) => this.require(trx, auth, userId), templateId, `${this.kind.role}.template`, ip);
  }

  /** The devices the caller links to their person (`linked`), or those the caller owns and may link to them. */
  async devices(
    auth: AuthContext,
    q: { userId: number; q?: string | undefined; page: number; page_size: number },
    linked: boolean,
  ): Promise<{ total: number; items: Array<PersonDeviceRow & Omit<D, keyof PersonDeviceRow>> }> {
    const person = await this.require(this.db, auth, q.userId);
    const page = await repo.listPersonDevices(this.db, auth.user.id, person.id, this.kind.link, linked, { q: q.q, ...pageOf(q) });
    return {
      total: page.total,
      items: page.items.map((r) => ({
        deviceId: r.id,
        boxId: r.box_id,
        controller: r.controller,
        company: r.company,
        stationNo: r.station_no,
        model: r.model,
        status: r.status as PersonDeviceRow['status'],
        ...this.kind.device(r, linked, person),
      })),
    };
  }

  /**
   * Changes the devices linked to the caller's person in one transaction: the person is checked in it, `work` makes
   * the change and names the devices whose reach it changed, whose reach is refreshed in it; the live push is told.
   */
  protected async changeLinks<T>(
    auth: AuthContext,
    userId: number,
    work: (trx: Db, person: UserRow) => Promise<{ devices: readonly number[]; result: T }>,
  ): Promise<{ person: UserRow; result: T }> {
    const { person, result, reached } = await this.db.transaction().execute(async (trx) => {
      const found = await this.require(trx, auth, userId);
      const done = await work(trx, found);
      return { person: found, result: done.result, reached: await refreshReach(trx, done.devices) };
    });
    this.bus.publish('reachChanged', { userIds: reached });
    return { person, result };
  }

  /** The operation log's line of a change of devices: what changed (`target`) from `oldValue` to `newValue`. */
  protected log(auth: AuthContext, action: OperationAction, target: string, oldValue: string | null, newValue: string | null, ip: string) {
    return this.audit.record({ user: auth.user, action, target, oldValue, newValue, outcome: 'ok', ip });
  }
}
