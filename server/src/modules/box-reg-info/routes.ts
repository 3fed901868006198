import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { brokerAddress } from './broker-address.js';
import type { ClaimLabelService } from './labels.js';
import type { BoxRegInfoService } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /box-reg-info: box registration (spec 2 /box-reg-info: root and limited_admin). */
export function boxRegInfoRoutes(app: FastifyInstance, service: BoxRegInfoService, labels: ClaimLabelService): void {
  const e = api.boxRegInfo;
  route(app, e.list, ({ query }) => service.list(query));
  route(app, e.register, ({ auth, body, ip, lang, request }) =>
    service.register(auth, body, ip, lang, brokerAddress(app.config.mqtt, app.mqttPort, request.hostname)),
  );
  route(app, e.boxTypes, () => service.boxTypes());
  route(app, e.users, ({ query }) => service.userOptions(query.q));
  route(app, e.links, ({ params }) => service.links(params.boxId));
  route(app, e.labels, ({ query }) => labels.labels(query));
  route(app, e.voidLabels, ({ auth, body, ip }) => labels.void(auth, body, ip));
  route(app, e.credentials, ({ auth, params }) => ({
    fileName: 'box-credentials.xlsx',
    contentType: XLSX,
    body: service.takeDownload(auth, params.token),
  }));
}
