import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import { ClaimService } from './service.js';

/** add-device: claiming a box by its CK code (docs/people.md "Claiming a box"). */
export function registerClaims(app: FastifyInstance): void {
  const claims = new ClaimService(app.db, app.datalog, (boxId, ownerId, reached) => {
    app.ingest.setBoxOwner(boxId, ownerId);
    app.realtime.reachChanged(reached);
  });
  route(app, api.usermanager.registerDeviceToUser, ({ auth, body, ip }) => claims.claim(auth, body, ip));
}
