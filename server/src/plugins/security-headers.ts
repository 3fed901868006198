import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers of every answer (helmet), with the console's content security policy. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'worker-src': ["'self'", 'blob:'],
    },
  },
} satisfies HelmetOptions;

/** The headers helmet sets with HELMET_OPTIONS: the same for every request (no nonces), so computed once. */
function helmetHeaders(): Readonly<Record<string, string>> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(HELMET_OPTIONS)(request, response, () => undefined);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * What helmet adds to an answer, for the answers written where no hook runs: the router's own errors (bad URL, a path
 * segment too long) and Node's refusals before a request is parsed (server/src/plugins/errors.ts).
 */
export const SECURITY_HEADERS = helmetHeaders();

/**
 * Helmet on every request, as the first onRequest hook: registered before sign-in and language, so an answer refused
 * there (401, 403) carries the headers of a 200.
 */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, HELMET_OPTIONS);
  },
  { name: 'security-headers' },
);
