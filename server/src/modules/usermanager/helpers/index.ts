import type { FastifyInstance } from 'fastify';

/** Helpers, sharing and the switch right (docs/people.md). */
export function registerHelpers(app: FastifyInstance): void {
  void app;
}
