import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import { ClaimService } from './service.js';

/** add-device: claiming a box by its CK code or its claim label (docs/people.md "Claiming a box"). */
export function registerClaims(app: FastifyInstance): void {
  const claims = new ClaimService(app.db, app.datalog, app.bus, app.claimSecrets, app.clock);
  route(app, api.usermanager.registerDeviceToUser, ({ auth, body, ip }) => claims.claim(auth, body, ip));
}
