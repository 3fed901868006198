import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { CK_CODE } from '../validation.js';
import { boxIdSchema as boxId, LINK_KINDS } from '../devices/schemas.js';

export * from './labels.js';

// ---- Box registration (/box-reg-info, spec 2, 3) ----

/** Most times a warning, fault or recovery of one box is pushed (spec 3: push times). */
export const PUSH_TIMES_MAX = 10;
const pushTimes = z.coerce
  .number({ error: 'validation.field.nonNegativeInteger' })
  .int('validation.field.nonNegativeInteger')
  .min(0, 'validation.field.nonNegativeInteger')
  .max(PUSH_TIMES_MAX, 'validation.pushTimes.range');
/** Most boxes one registration may cover. */
export const MAX_BOXES_PER_REGISTRATION = 1000;
export const BOX_TYPE_MAX = 32;

export const boxRegistrationBody = z
  .object({
    startBoxId: boxId,
    endBoxId: boxId,
    userId: z.coerce.number({ error: 'validation.field.required' }).int().positive('validation.field.required'),
    boxType: z
      .string({ error: 'validation.field.required' })
      .trim()
      .min(1, 'validation.field.required')
      .max(BOX_TYPE_MAX, 'validation.field.tooLong'),
    contact: z.string().trim().max(64, 'validation.field.tooLong').default(''),
    companyName: z.string().trim().max(128, 'validation.field.tooLong').default(''),
    pushWarning: pushTimes.default(1),
    pushFault: pushTimes.default(1),
    pushNormal: pushTimes.default(1),
    /** The CK code the boxes carry (spec 3 box-ck; docs/people.md "CK groups"): their CK group reaches them, and add-device claims them with it. */
    ck: z
      .string()
      .trim()
      .regex(CK_CODE, 'validation.ck.format')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((v, ctx) => {
    // One message per problem: a box id that is itself wrong (say, over the limit) already has its message; the
    // range is judged only between two valid ids (zod runs this refinement even when a field failed).
    if (!boxId.safeParse(v.startBoxId).success || !boxId.safeParse(v.endBoxId).success) return;
    if (v.endBoxId < v.startBoxId) ctx.addIssue({ code: 'custom', path: ['endBoxId'], message: 'validation.boxId.order' });
    else if (v.endBoxId - v.startBoxId + 1 > MAX_BOXES_PER_REGISTRATION)
      ctx.addIssue({ code: 'custom', path: ['endBoxId'], message: 'validation.boxId.tooMany' });
  });
export type BoxRegistrationBody = z.input<typeof boxRegistrationBody>;

/** A box's credentials, shown once at registration. The MQTT username is the box id; the client id is `box-{id}`. */
export const boxCredentials = z.object({ boxId: z.number().int(), clientId: z.string(), username: z.string(), password: z.string() });
export type BoxCredentials = z.infer<typeof boxCredentials>;
/** The MQTT version boxes speak to the broker (docs/box-protocol.md). */
export const BOX_MQTT_VERSION = '3.1.1';
/**
 * Where boxes connect, as an engineer types it into a box: the broker's host and port as the server announces them
 * (MQTT_PUBLIC_HOST / MQTT_PUBLIC_PORT behind NAT; else the host the console reached and the broker's port), the
 * MQTT version and the payload protocol version (`v`).
 */
export const brokerAddress = z.object({
  host: z.string(),
  port: z.number().int(),
  mqttVersion: z.string(),
  protocolVersion: z.number().int(),
});
export type BrokerAddress = z.infer<typeof brokerAddress>;
export const boxRegistrationResult = z.object({
  boxes: z.array(boxCredentials),
  broker: brokerAddress,
  /** One-time download of the same credentials as .xlsx: GET /box-reg/credentials/{token}, until expiresAt. */
  download: z.object({ token: z.string(), expiresAt: z.number().int() }),
});
export type BoxRegistrationResult = z.infer<typeof boxRegistrationResult>;

export const BOX_CONNECTIONS = ['never', 'online', 'offline'] as const;
export type BoxConnection = (typeof BOX_CONNECTIONS)[number];

export const boxRegRow = z.object({
  boxId: z.number().int(),
  ownerId: z.number().int(),
  owner: z.string(),
  boxType: z.string(),
  contact: z.string(),
  companyName: z.string(),
  /** The CK code the box carries, null when none. */
  ck: z.string().nullable(),
  pushWarning: z.number().int(),
  pushFault: z.number().int(),
  pushNormal: z.number().int(),
  registeredAt: z.number().int(),
  registeredBy: z.string(),
  connection: z.enum(BOX_CONNECTIONS),
  lastSeen: z.number().int().nullable(),
  ip: z.string().nullable(),
  devices: z.number().int(),
});
export type BoxRegRow = z.infer<typeof boxRegRow>;
export const boxRegQuery = pageQuery.extend({
  boxId: z.coerce.number().int().positive().optional(),
  username: z.string().trim().max(64).optional(),
  companyName: z.string().trim().max(128).optional(),
  boxType: z.string().trim().max(BOX_TYPE_MAX).optional(),
});
export type BoxRegQuery = Partial<z.output<typeof boxRegQuery>>;
export const boxRegPage = pageOf(boxRegRow);
export type BoxRegPage = z.infer<typeof boxRegPage>;

/** One row of a box's registration detail (spec 3: device_id, sharee, share source, registration type, permission, show_value, owners). */
export const boxLinkRow = z.object({
  deviceId: z.number().int(),
  controller: z.number().int(),
  sharee: z.string(),
  shareSource: z.string().nullable(),
  type: z.enum(LINK_KINDS),
  permission: z.enum(['switch', 'view', 'full']),
  showValue: z.boolean(),
  owners: z.string(),
  since: z.number().int(),
});
export type BoxLinkRow = z.infer<typeof boxLinkRow>;

/** A user a box can be registered to (the create form's user select). */
export const userOption = z.object({ id: z.number().int(), username: z.string(), roles: z.array(z.string()) });
export type UserOption = z.infer<typeof userOption>;
export const userOptionQuery = z.object({ q: z.string().trim().max(64).default('') });

/** The one-time download of a registration's credentials. */
export const credentialsParams = z.object({ token: z.string().min(1).max(64) });
