import { endpoint } from '../endpoint.js';
import { health } from './schemas.js';

const tags = ['health'] as const;

/** /health: for load balancers and monitoring, no sign-in. HTTP 200 when every part is up, 503 (code 50300) otherwise. */
export const endpoints = {
  check: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    response: health,
    tags,
    summary: 'Whether the database and the MQTT broker are up (HTTP 503 with the same data when a part is down)',
  }),
};
