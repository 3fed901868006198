import {
  API_BASE,
  Code,
  confirmEnvelope,
  envelope,
  errorResponses,
  type Area,
  type BodyOf,
  type EndpointSpec,
  type Language,
  type ParamsOf,
  type QueryOf,
} from '@dms/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { AuthContext } from '../types.js';

/** A file a `file` endpoint answers: its name, type and bytes. */
export interface FileReply {
  fileName: string;
  contentType: string;
  body: Buffer | Readable;
}

/** What a handler of endpoint E returns: its data, a file, or whether the broker hook allows. */
export type ReplyOf<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : E['response'] extends 'file'
    ? FileReply
    : boolean;

/** What a handler of endpoint E receives: the parsed input, the caller's session and language, and the raw request. */
export interface HandlerContext<E extends EndpointSpec> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The session: always there unless the endpoint is public (then there only with `optionalSession` and a token). */
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext;
  lang: Language;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends EndpointSpec> = (ctx: HandlerContext<E>) => ReplyOf<E> | Promise<ReplyOf<E>>;

export interface RouteOptions {
  /** Runs before the auth check (e.g. the broker hooks' address allow-list). */
  onRequest?: onRequestHookHandler;
}

/** How the auth hook treats a route, from its endpoint's access. */
function authConfig(e: EndpointSpec) {
  if (e.access === 'public') return { auth: e.optionalSession ? ('optional' as const) : ('public' as const) };
  if (e.access === 'signedIn') return { auth: 'required' as const };
  return { auth: 'required' as const, area: e.access };
}

const binary = z.any().describe('the file');

/**
 * Registers one endpoint with its handler: validation of params, query and body by their schemas, the access
 * check of the endpoint's area (the auth plugin reads `config`), the envelope around the data, the OpenAPI entry.
 * The handler returns only its data.
 */
export function route<E extends EndpointSpec>(app: FastifyInstance, e: E, handler: Handler<E>, options: RouteOptions = {}): void {
  const response = e.response;
  app.route({
    method: e.method,
    url: `${API_BASE}${e.path}`,
    config: { ...authConfig(e), endpoint: e },
    // An upload reads its file up to its limit and no further (413 past it); every other call, the server's 1 MiB.
    ...(e.upload ? { bodyLimit: e.upload.maxBytes } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      description: e.scope ? `API key scope: \`${e.scope}\`.` : 'Not reachable with an API key.',
      ...(e.access === 'public' ? {} : { security: e.scope ? [{ session: [] }, { apiKey: [e.scope] }] : [{ session: [] }] }),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(response === 'status'
        ? {}
        : {
            response: {
              200: response === 'file' ? binary : e.confirms ? z.union([envelope(response), confirmEnvelope]) : envelope(response),
              ...errorResponses,
            },
          }),
    },
    handler: async (request, reply) => {
      const auth = request.auth;
      if (e.access !== 'public' && !auth) throw new AppError(Code.TOKEN_ILLEGAL, 'error.tokenIllegal');
      if (e.upload && !(request.body instanceof Uint8Array)) throw new AppError(Code.VALIDATION_FAILED, 'error.upload.notFile');
      // The schemas above parsed these; the casts name the types they produced.
      const ctx = {
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        auth: auth as HandlerContext<E>['auth'],
        lang: request.lang,
        ip: request.ip,
        request,
        reply,
      };
      const result = await handler(ctx);
      if (response === 'status') return reply.status(result === true ? 200 : 403).send();
      if (response === 'file') {
        const file = result as FileReply;
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.body);
      }
      return { code: e.successCode ?? Code.SUCCESS, message: 'ok', data: result };
    },
  });
}

/** One registered API route: what the auth hook reads (`config`) beside its method and URL. */
export interface ApiRoute {
  method: string | string[];
  url: string;
  config: { area?: Area; auth?: string; endpoint?: EndpointSpec };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under the API base, in order (tests check them against their descriptors). */
    apiRoutes: ApiRoute[];
  }
}

/**
 * Refuses, at start, any route under the API base that was not registered from a descriptor (through `route()`):
 * every call is declared once in the contract, so the console, the docs and the access check can rely on it.
 * The live-push WebSocket is the one exception (its messages are typed in the contract's realtime map).
 */
export function requireDescriptors(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith(`${API_BASE}/`) || options.websocket) return;
    const config = (options.config ?? {}) as ApiRoute['config'];
    if (!config.endpoint) throw new Error(`${String(options.method)} ${options.url} is not registered from an endpoint descriptor`);
    routes.push({ method: options.method, url: options.url, config });
  });
}
