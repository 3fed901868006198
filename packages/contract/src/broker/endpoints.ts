import { endpoint } from '../endpoint.js';
import { brokerAclBody, brokerAuthBody } from './schemas.js';

const tags = ['broker'] as const;

/**
 * /broker: how an external broker asks the server about boxes (mosquitto-go-auth HTTP backend, status response
 * mode): 200 allows, 403 refuses. Only BROKER_AUTH_ALLOW addresses may ask.
 */
export const endpoints = {
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
