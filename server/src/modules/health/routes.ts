import { api, Code } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import type { HealthService } from './service.js';

/**
 * /health: public (load balancers and monitoring ask without a session). HTTP 200 and the data when every part is up;
 * HTTP 503, code 50300, with the same data when one is down.
 */
export function healthRoutes(app: FastifyInstance, health: HealthService): void {
  route(app, api.health.check, async () => {
    const answer = await health.check();
    if (answer.status === 'down') throw new AppError(Code.SERVICE_UNAVAILABLE, 'error.serviceUnavailable', undefined, answer);
    return answer;
  });
}
