import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** What mosquitto-go-auth's HTTP backend sends (docs/box-protocol.md). */
export const brokerAuthBody = z.object({ username: z.string().max(128), password: z.string().max(256), clientid: z.string().max(128) });
export const brokerAclBody = z.object({
  username: z.string().max(128),
  clientid: z.string().max(128).optional(),
  topic: z.string().max(512),
  acc: z.coerce.number().int(),
});

const tags = ['broker'] as const;

/**
 * /broker: how an external broker asks the server about boxes (mosquitto-go-auth HTTP backend, status response
 * mode): 200 allows, 403 refuses. Only BROKER_AUTH_ALLOW addresses may ask.
 */
export const brokerEndpoints = {
  auth: endpoint({
    method: 'POST',
    path: '/broker/auth',
    access: 'public',
    body: brokerAuthBody,
    response: 'status',
    tags,
    summary: 'May this client connect? (box credentials)',
  }),
  acl: endpoint({
    method: 'POST',
    path: '/broker/acl',
    access: 'public',
    body: brokerAclBody,
    response: 'status',
    tags,
    summary: 'May this client read (1) or write (2) this topic?',
  }),
};
