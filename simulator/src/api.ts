import {
  api as endpoints,
  API_BASE,
  Code,
  errorEnvelope,
  type BoxCredentials,
  type BoxRegistrationBody,
  type DataOf,
  type EndpointSpec,
  type LoginBody,
} from '@dms/contract';
import type { z } from 'zod';

/** The server's HTTP API, as far as the simulator needs it: sign in, who am I, register boxes. */

/** A refused call: the envelope's code and message (and data, e.g. the box ids already registered). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

/** An endpoint of the contract that answers data and takes no path parameters (all the simulator calls). */
type DataEndpoint = EndpointSpec & { readonly response: z.ZodType; readonly params?: undefined };

/** Calls an endpoint of the contract at `{api}/api/v2`: its data, checked against its schema, when the code is success. */
async function call<E extends DataEndpoint>(api: string, endpoint: E, init: { token?: string; body?: unknown }): Promise<DataOf<E>> {
  const url = `${api.replace(/\/+$/, '')}${API_BASE}${endpoint.path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ApiError(0, `${url}: ${(err as Error).message}`);
  }
  const answer = errorEnvelope.safeParse(await response.json().catch(() => null));
  if (!answer.success) throw new ApiError(0, `${url}: unexpected answer (HTTP ${response.status})`);
  if (answer.data.code !== Code.SUCCESS) throw new ApiError(answer.data.code, `${url}: ${answer.data.message}`, answer.data.data);
  const data = endpoint.response.safeParse(answer.data.data);
  if (!data.success) throw new ApiError(0, `${url}: unexpected answer`);
  return data.data as DataOf<E>;
}

/** Signs in; the session token (the simulator's user signs in with a password alone: no two-factor step). */
export async function signIn(api: string, body: LoginBody): Promise<string> {
  const data = await call(api, endpoints.user.login, { body });
  if (!('token' in data)) throw new ApiError(0, `${api}: the simulator's user has two-factor sign-in on`);
  return data.token;
}

/** The id of the signed-in user. */
export async function signedInUserId(api: string, token: string): Promise<number> {
  return (await call(api, endpoints.user.info, { token })).user.id;
}

/** Registers a range of box ids; each box's credentials, shown this once. */
export async function registerBoxes(api: string, token: string, body: BoxRegistrationBody): Promise<BoxCredentials[]> {
  return (await call(api, endpoints.boxRegInfo.register, { token, body })).boxes;
}
