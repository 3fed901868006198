import fp from 'fastify-plugin';
import { ClaimSecrets } from '../../security/claim-secrets.js';
import { ClaimLabelService } from './labels.js';
import { boxRegInfoRoutes } from './routes.js';
import { BoxRegInfoService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    boxRegInfo: BoxRegInfoService;
    /** The boxes' claim label secrets: the labels printed here, and add-device's check of a scanned one. */
    claimSecrets: ClaimSecrets;
  }
}

/** Box registration: ranges of box ids registered to a user, with their credentials shown once. */
export default fp(
  (app) => {
    const boxRegInfo = new BoxRegInfoService(app.db, app.ingest, app.datalog, app.bus, app.clock);
    app.decorate('boxRegInfo', boxRegInfo);
    const secrets = new ClaimSecrets(app.sealer);
    app.decorate('claimSecrets', secrets);
    boxRegInfoRoutes(app, boxRegInfo, new ClaimLabelService(app.db, secrets, app.datalog));
  },
  { name: 'box-reg-info', dependencies: ['bus', 'sealer', 'ingest', 'datalog'] },
);
