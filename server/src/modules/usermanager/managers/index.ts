import type { FastifyInstance } from 'fastify';

/** Sub-managers, assignment, add-device and the CK group calls (docs/people.md). */
export function registerManagers(app: FastifyInstance): void {
  void app;
}
