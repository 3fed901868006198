import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';

/**
 * /smartbox/box-address (root): each box's server address as it was told (at its registration, later by ip-config)
 * against the address it says it dialed (its hello's `server`, docs/box-protocol.md) and where it connects from.
 * `mismatch`: it dials another address than it was told, so a change of that address (a DNS name moved, an old IP
 * given up) would lose it; `unknown`: one of the two is not known (a box registered before addresses were kept, or
 * one whose firmware does not say what it dialed).
 */
export const ADDRESS_STATES = ['match', 'mismatch', 'unknown'] as const;
export type AddressState = (typeof ADDRESS_STATES)[number];

const addressFields = z.object({
  boxId: z.coerce.number().int().positive().optional(),
  state: z.enum(ADDRESS_STATES).optional(),
});
export const boxAddressQuery = pageQuery.extend(addressFields.shape);
/** The same without paging (the box-addresses export: the spec's box server-IP table with what each box dials). */
export const boxAddressFilter = addressFields;
export type BoxAddressFilter = z.output<typeof boxAddressFilter>;
export type BoxAddressQuery = Partial<z.output<typeof boxAddressQuery>>;

export const boxAddressRow = z.object({
  boxId: z.number().int(),
  boxType: z.string(),
  companyName: z.string(),
  /** The address the box was told (`host:port`), and when that was set; null: not recorded. */
  told: z.string().nullable(),
  toldAt: z.number().int().nullable(),
  /** The address the box said it dialed, and as of which hello; null: never said. */
  dialed: z.string().nullable(),
  dialedAt: z.number().int().nullable(),
  /** The address the box connects from (its last connection's source IP). */
  ip: z.string().nullable(),
  online: z.boolean(),
  lastSeen: z.number().int().nullable(),
  state: z.enum(ADDRESS_STATES),
});
export type BoxAddressRow = z.infer<typeof boxAddressRow>;

export const boxAddressPage = pageOf(boxAddressRow).extend({
  /** Boxes in each state, over the whole fleet (the filters left aside). */
  counts: z.object({ match: z.number().int(), mismatch: z.number().int(), unknown: z.number().int() }),
});
export type BoxAddressPage = z.infer<typeof boxAddressPage>;
