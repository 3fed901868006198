import {
  API_BASE,
  boxRegistrationResult,
  Code,
  errorEnvelope,
  loginData,
  userInfoData,
  type BoxCredentials,
  type BoxRegistrationBody,
  type LoginBody,
} from '@dms/contract';

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

/** The outcome of a schema's safeParse. */
type Checked<T> = { success: true; data: T } | { success: false };

/** Calls `{api}/api/v2{path}` (POST when there is a body); the envelope's data when its code is success. */
async function call(api: string, path: string, init: { token?: string; body?: unknown }): Promise<{ url: string; data: unknown }> {
  const url = `${api.replace(/\/+$/, '')}${API_BASE}${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.body === undefined ? 'GET' : 'POST',
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
  return { url, data: answer.data.data };
}

function answerOf<T>(url: string, checked: Checked<T>): T {
  if (!checked.success) throw new ApiError(0, `${url}: unexpected answer`);
  return checked.data;
}

/** Signs in; the session token. */
export async function signIn(api: string, body: LoginBody): Promise<string> {
  const { url, data } = await call(api, '/user/login', { body });
  return answerOf(url, loginData.safeParse(data)).token;
}

/** The id of the signed-in user. */
export async function signedInUserId(api: string, token: string): Promise<number> {
  const { url, data } = await call(api, '/user/info', { token });
  return answerOf(url, userInfoData.safeParse(data)).user.id;
}

/** Registers a range of box ids; each box's credentials, shown this once. */
export async function registerBoxes(api: string, token: string, body: BoxRegistrationBody): Promise<BoxCredentials[]> {
  const { url, data } = await call(api, '/box-reg', { token, body });
  return answerOf(url, boxRegistrationResult.safeParse(data)).boxes;
}
