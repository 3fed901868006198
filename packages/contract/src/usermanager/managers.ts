import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { CK_CODE } from '../validation.js';

/**
 * /user_register: add-device (claim a box by its CK code), and the sub-manager and assignment calls to come (spec 7,
 * issue 12; rules in docs/people.md).
 */

export const claimBody = z.object({
  boxId: z.coerce
    .number({ error: 'validation.field.positiveInteger' })
    .int('validation.field.positiveInteger')
    .min(1, 'validation.field.positiveInteger')
    .max(2_147_483_647, 'validation.boxId.range'),
  ck: z.string({ error: 'validation.ck.format' }).trim().regex(CK_CODE, 'validation.ck.format'),
});
export type ClaimBody = z.input<typeof claimBody>;

export const claimResult = z.object({
  boxId: z.number().int(),
  devices: z.array(z.object({ id: z.number().int(), controller: z.number().int(), typeCode: z.string().nullable() })),
});
export type ClaimResult = z.infer<typeof claimResult>;

const tags = ['usermanager'] as const;

export const managerEndpoints = {
  registerDeviceToUser: endpoint({
    method: 'POST',
    path: '/user_register/register_device_to_user',
    access: 'addDevice',
    body: claimBody,
    response: claimResult,
    tags,
    summary:
      "Claims a registered box by its id and CK code: its devices become the caller's. Wrong codes are limited per user and per box (docs/people.md)",
  }),
};
