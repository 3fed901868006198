import type { PersonDeviceRow, PersonRow } from '@dms/contract';
import type { ChildRole } from '../../../access/index.js';
import type { UserRow } from '../../../db/schema.js';
import type { AuthContext } from '../../../types.js';
import type { NewPerson } from '../people.js';
import type { ChildFilter, ChildRecord, LinkKind, PersonDeviceRecord, SearchColumn } from './repository.js';

/**
 * What differs between the kinds of people a user manages below them (docs/people.md "Managing the users below"):
 * helpers, with a type and a region, to whom the caller lends devices (shares, with or without the switch right), and
 * sub-managers, with a company and a CK code, to whom the caller gives them (assignments, recalled, hidden). `F` is
 * the list's filter, `N` what the caller fills in for a new one, `R` a row of the list and `D` a device on the page
 * of their devices.
 */
export interface PersonKind<F extends { q?: string | undefined }, N extends NewPerson, R extends PersonRow, D extends PersonDeviceRow> {
  /**
   * The role they hold. It names the access module's permission on one of the caller's people of this kind
   * (`user.<role>`, whose refusal says they are not yours) and the operation log's actions (`<role>.add`, …).
   */
  role: ChildRole;
  /** The device link from the caller to them. */
  link: LinkKind;
  /** The columns the list's `q` looks in. */
  search: readonly SearchColumn[];
  /** The kind's own filter of the list: one column equal to a value, or none. */
  filter(q: F): ChildFilter['equals'];
  /** The kind's columns of a row of the list. */
  row(r: ChildRecord): Omit<R, keyof PersonRow>;
  /** What the kind says of a device on the page of their devices: `linked` to `person`, or one the caller may link. */
  device(r: PersonDeviceRecord, linked: boolean, person: UserRow): Omit<D, keyof PersonDeviceRow>;
  /** A new one's level and CK code below the caller, and how the operation log describes them (before the template). */
  account(auth: AuthContext, body: N): { level: number; ck: string | null; about: string };
}
