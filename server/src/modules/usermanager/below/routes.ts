import type { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import type { PeopleBelow } from './service.js';

type Calls = typeof api.usermanager;

/** The calls every kind of people below has with the same input and answer: each kind's endpoints of them. */
export interface PersonCalls {
  password: Calls['changeHelperPassword'] | Calls['resetManagerPassword'];
  template: Calls['changeHelperModel'] | Calls['changeManagerModel'];
  person: Calls['getHelper'] | Calls['getManager'];
}

/** The routes of those calls, over one kind's service: their password, their template, who they are. */
export function personRoutes(
  app: FastifyInstance,
  people: Pick<PeopleBelow<never, never, never, never>, 'setPassword' | 'setTemplate' | 'person'>,
  calls: PersonCalls,
): void {
  route(app, calls.password, async ({ auth, body, ip }) => {
    await people.setPassword(auth, body.userId, body.password, ip);
    return null;
  });
  route(app, calls.template, async ({ auth, body, ip }) => {
    await people.setTemplate(auth, body.userId, body.templateId, ip);
    return null;
  });
  route(app, calls.person, ({ auth, query }) => people.person(auth, query.userId));
}
