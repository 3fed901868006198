import type { z } from 'zod';
import type { Area } from './access.js';
import type { Code } from './codes.js';

/**
 * One call of the API, declared once: the server registers it (validation, access check, envelope, OpenAPI entry),
 * the console calls it through one typed `call()`, and docs/api.md lists it. See each area's `endpoints.ts`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it: an area of the access table of spec section 6 (a session whose roles reach that area),
 * `signedIn` (any session), or `public` (no session needed).
 */
export type EndpointAccess = Area | 'signedIn' | 'public';

/**
 * What an API key may be allowed (issue 27, docs/api.md "API keys"): reading devices (lists, values, history, exports),
 * writing their registers (within the user's template), reading fault records and rule events.
 */
export const API_SCOPES = ['devices:read', 'devices:write', 'events:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * What a success answers: the `data` of the envelope, checked against a schema; a `file` download; or a bare
 * HTTP `status` (200 allows, 403 refuses) for a broker's auth hooks, which read no body.
 */
export type EndpointResponse = z.ZodType | 'file' | 'status';

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Path under the API base (`/api/v2`), with `:name` for each path parameter. */
  readonly path: `/${string}`;
  readonly access: EndpointAccess;
  /**
   * A call a user whose role requires two-factor sign-in may make before turning it on (user info, sign-out and the
   * enrolment's own calls); every other call answers them 40302 until they have.
   */
  readonly beforeSecondFactor?: true;
  /**
   * The scope an API key needs for this call. A call without one is never reached with a key (user management,
   * templates, root's tools, one's own account).
   */
  readonly scope?: ApiScope;
  /** A public call that still reads the session when one is sent (and answers as that user). */
  readonly optionalSession?: true;
  /**
   * A call that may answer 20004 (spec 8) instead of doing its work: the console shows the message in its warning box
   * and, when the user confirms, sends the call again with its `confirm` (bulk generation of CK mappings).
   */
  readonly confirms?: true;
  /** The envelope's code of a success when it is not 20000: the top bar's calls answer 1000 (spec 7, 8). */
  readonly successCode?: typeof Code.TOPBAR_SUCCESS;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /**
   * A call whose body is a file's bytes (`application/octet-stream`), read up to `maxBytes` and no further (413 past
   * that): its facts go in the query. The handler gets the bytes; the console sends a `Blob`, with its progress.
   */
  readonly upload?: { readonly maxBytes: number };
  readonly response: EndpointResponse;
  /** OpenAPI tags: the first is the area's API name. */
  readonly tags: readonly [string, ...string[]];
  readonly summary: string;
}

/** Declares an endpoint; the literal type is kept so `call()` and the server's handler are typed from it. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What a handler receives, parsed: path parameters, query and body after their schemas (defaults applied). */
export type ParamsOf<E> = Schema<E, 'params'> extends z.ZodType ? z.output<Schema<E, 'params'>> : Record<string, never>;
export type QueryOf<E> = Schema<E, 'query'> extends z.ZodType ? z.output<Schema<E, 'query'>> : Record<string, never>;
export type BodyOf<E> = E extends { readonly upload: object }
  ? Uint8Array
  : Schema<E, 'body'> extends z.ZodType
    ? z.output<Schema<E, 'body'>>
    : undefined;

/** What a successful call answers: the parsed data, a file's bytes, or nothing. */
export type DataOf<E> = E extends { readonly response: infer R }
  ? R extends z.ZodType
    ? z.output<R>
    : R extends 'file'
      ? Blob
      : undefined
  : never;

/** What a caller passes: path parameters as parsed, any subset of the query, and the body as its schema takes it. */
export type CallInput<E> = (Schema<E, 'params'> extends z.ZodType ? { params: z.output<Schema<E, 'params'>> } : { params?: undefined }) &
  (Schema<E, 'query'> extends z.ZodType ? { query?: Partial<z.output<Schema<E, 'query'>>> } : { query?: undefined }) &
  (E extends { readonly upload: object }
    ? { body: Blob }
    : Schema<E, 'body'> extends z.ZodType
      ? { body: z.input<Schema<E, 'body'>> }
      : { body?: undefined });

/** Whether a call needs an input object at all (no params and no body: `call(e)` is enough). */
export type InputRequired<E> =
  Schema<E, 'params'> extends z.ZodType
    ? true
    : Schema<E, 'body'> extends z.ZodType
      ? true
      : E extends { readonly upload: object }
        ? true
        : false;

/** The path with its parameters filled in, each encoded. Throws on a parameter the path names but `params` lacks. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
