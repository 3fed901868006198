import { z } from 'zod';
import { DEVICE_STATUSES } from '../devices/schemas.js';
import { pageQuery } from '../envelope.js';
import { passwordSchema, positiveId, trimmedText, usernameSchema } from '../validation.js';

/**
 * What helpers and sub-managers share (docs/people.md "Managing the users below"): both are people below the caller,
 * children holding one role, listed, created, given a password and a template, each with a page of their devices
 * (shared with a helper, assigned to a sub-manager). helpers.ts and managers.ts add what differs.
 */

const id = positiveId;
const text = trimmedText;

/** A user below the caller as the pages of their devices name them. */
export const personSummary = z.object({ id: z.number().int(), username: z.string(), name: z.string(), company: z.string() });
export type PersonSummary = z.infer<typeof personSummary>;

/** How many links a batch call changed (0 when it was a repeat). */
export const changedCount = z.object({ changed: z.number().int() });

/** A row of a list of people; each kind extends it with its own columns and counts. */
export const personRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  /** Their permission template; null for their role's default. */
  template: z.object({ id: z.number().int(), name: z.string(), builtin: z.string().nullable() }).nullable(),
  remark: z.string(),
  createdAt: z.number().int(),
});
export type PersonRow = z.infer<typeof personRow>;

/** The text search of a list of people, and of the devices on a person's page. */
export const peopleSearch = z.string().trim().max(64).optional();

/**
 * The body that creates a person below the caller: the fields every kind has, with the kind's own after the name
 * and after the phone, in the order the form asks them (a validation answer names the first problem in this order).
 */
export function newPersonBody<A extends z.ZodRawShape, B extends z.ZodRawShape>(afterName: A, afterPhone: B) {
  return z.object({
    username: usernameSchema,
    password: passwordSchema,
    name: text(64).default(''),
    ...afterName,
    phone: text(32).default(''),
    ...afterPhone,
    templateId: id().nullable().optional(),
    remark: text(255).default(''),
  });
}

/** One of the caller's people. */
export const personIdBody = z.object({ userId: id() });
export const personPasswordBody = z.object({ userId: id(), password: passwordSchema });
export const personTemplateBody = z.object({ userId: id(), templateId: id().nullable() });
/** One device on the page of a person's devices. */
export const personDeviceBody = z.object({ userId: id(), deviceId: id() });
/** The devices linked to a person (shared, assigned) or that the caller may link. */
export const personDevicesQuery = pageQuery.extend({ userId: id(), q: peopleSearch });

/** A device on the page of a person's devices; each kind extends it with what its link says. */
export const personDeviceRow = z.object({
  deviceId: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  company: z.string(),
  stationNo: z.string(),
  model: z.string(),
  status: z.enum(DEVICE_STATUSES),
});
export type PersonDeviceRow = z.infer<typeof personDeviceRow>;
