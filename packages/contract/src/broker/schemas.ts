import { z } from 'zod';

/** What mosquitto-go-auth's HTTP backend sends (docs/box-protocol.md). */
export const brokerAuthBody = z.object({ username: z.string().max(128), password: z.string().max(256), clientid: z.string().max(128) });
export const brokerAclBody = z.object({
  username: z.string().max(128),
  clientid: z.string().max(128).optional(),
  topic: z.string().max(512),
  acc: z.coerce.number().int(),
});
