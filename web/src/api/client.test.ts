import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code, loginData } from '@dms/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, configureClient, request } from './client';

/** A real HTTP server answering each case the request layer must handle (no fetch mocks). */
let server: http.Server;
let base = '';
const seen: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];

function send(res: http.ServerResponse, status: number, payload: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      switch (path) {
        case '/api/v2/ok':
          send(res, 200, { code: Code.SUCCESS, message: 'ok', data: { token: 't1', expiresAt: 5 } });
          return;
        case '/api/v2/wrong-shape':
          send(res, 200, { code: Code.SUCCESS, message: 'ok', data: { token: 5 } });
          return;
        case '/api/v2/warning':
          send(res, 200, { code: Code.WARNING_CONFIRM, message: 'Please confirm this', data: null });
          return;
        case '/api/v2/rejected':
          send(res, 400, { code: Code.REJECTED, message: 'Rejected by the server', data: null });
          return;
        case '/api/v2/illegal':
          send(res, 401, { code: Code.TOKEN_ILLEGAL, message: 'not signed in' });
          return;
        case '/api/v2/revoked':
          send(res, 401, { code: Code.TOKEN_REVOKED, message: 'revoked' });
          return;
        case '/api/v2/expired':
          send(res, 401, { code: Code.TOKEN_EXPIRED, message: 'expired' });
          return;
        case '/api/v2/plain-401':
          send(res, 401, 'Unauthorized', 'text/plain');
          return;
        case '/api/v2/wrong-credentials':
          send(res, 400, { code: Code.WRONG_CREDENTIALS, message: 'Incorrect user name or password.' });
          return;
        case '/api/v2/gateway':
          send(res, 502, '<html>Bad gateway</html>', 'text/html');
          return;
        case '/api/v2/slow':
          setTimeout(() => {
            send(res, 200, { code: Code.SUCCESS, message: 'ok', data: null });
          }, 2000);
          return;
        default: {
          send(res, 404, { code: Code.NOT_FOUND, message: 'Not found.' });
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

const calls = {
  loggedOut: [] as ApiError[],
  warnings: [] as string[],
  errors: [] as string[],
  confirms: [] as Array<(() => void) | undefined>,
};
let token: string | undefined;

beforeEach(() => {
  calls.loggedOut = [];
  calls.warnings = [];
  calls.errors = [];
  calls.confirms = [];
  seen.length = 0;
  token = undefined;
  configureClient({
    baseUrl: base,
    getToken: () => token,
    getLanguage: () => 'zh',
    onLoggedOut: (e) => calls.loggedOut.push(e),
    confirmWarning: (m, onOk) => {
      calls.warnings.push(m);
      calls.confirms.push(onOk);
    },
    showError: (m) => calls.errors.push(m),
  });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('request() against a real server', () => {
  it('20000: returns the data parsed by the schema; sends language, token, query and JSON body', async () => {
    token = 'abc';
    const data = await request({ method: 'POST', path: '/ok', query: { page: 2, skip: undefined, q: 'a b' }, body: { x: 1 } }, loginData);
    expect(data).toEqual({ token: 't1', expiresAt: 5 });
    const req = seen[0];
    expect(req?.headers['accept-language']).toBe('zh');
    expect(req?.headers.authorization).toBe('Bearer abc');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.url).toBe('/api/v2/ok?page=2&q=a+b');
    expect(JSON.parse(req?.body ?? '')).toEqual({ x: 1 });
    expect(calls.errors).toEqual([]);
  });

  it('sends no Authorization header without a token', async () => {
    await request({ path: '/ok' }, loginData);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('20000 with data the contract does not allow: invalidData, shown', async () => {
    const error = await failure(request({ path: '/wrong-shape' }, loginData));
    expect(error.kind).toBe('invalidData');
    expect(calls.errors).toHaveLength(1);
  });

  it('20004: the warning confirm shows the server message and the request is rejected', async () => {
    const error = await failure(request({ path: '/warning' }, z.null()));
    expect(error).toMatchObject({ kind: 'warningConfirm', code: Code.WARNING_CONFIRM, message: 'Please confirm this' });
    expect(calls.warnings).toEqual(['Please confirm this']);
    expect(calls.errors).toEqual([]);
    expect(calls.confirms).toEqual([undefined]);
  });

  it("20004 of a call that can be confirmed: the box's OK runs what the caller gave, once the user presses it", async () => {
    let confirmed = 0;
    const error = await failure(
      request(
        {
          path: '/warning',
          onConfirm: () => {
            confirmed += 1;
          },
        },
        z.null(),
      ),
    );
    expect(error.kind).toBe('warningConfirm');
    expect(confirmed).toBe(0);
    calls.confirms[0]?.();
    expect(confirmed).toBe(1);
  });

  it('40111: rejected with the message shown', async () => {
    const error = await failure(request({ path: '/rejected' }, z.null()));
    expect(error).toMatchObject({ kind: 'rejected', status: 400, code: Code.REJECTED, message: 'Rejected by the server' });
    expect(calls.errors).toEqual(['Rejected by the server']);
  });

  it.each([
    ['/illegal', Code.TOKEN_ILLEGAL],
    ['/revoked', Code.TOKEN_REVOKED],
    ['/expired', Code.TOKEN_EXPIRED],
  ])('%s (%i): reported to the auth module as logged out, no error message', async (path, code) => {
    const error = await failure(request({ path }, z.null()));
    expect(error).toMatchObject({ kind: 'loggedOut', status: 401, code });
    expect(calls.loggedOut).toHaveLength(1);
    expect(calls.errors).toEqual([]);
  });

  it('HTTP 401 without an envelope: logged out too', async () => {
    const error = await failure(request({ path: '/plain-401' }, z.null()));
    expect(error).toMatchObject({ kind: 'loggedOut', status: 401, code: null });
    expect(calls.loggedOut).toHaveLength(1);
  });

  it('other codes: rejected with the body code and message, shown unless the caller opts out', async () => {
    const error = await failure(request({ method: 'POST', path: '/wrong-credentials', body: {} }, loginData));
    expect(error).toMatchObject({ kind: 'failed', status: 400, code: Code.WRONG_CREDENTIALS, message: 'Incorrect user name or password.' });
    expect(calls.errors).toEqual(['Incorrect user name or password.']);

    await failure(request({ method: 'POST', path: '/wrong-credentials', body: {}, errorDisplay: 'none' }, loginData));
    expect(calls.errors).toHaveLength(1);
  });

  it('a body that is not an envelope: badResponse with the HTTP status', async () => {
    const error = await failure(request({ path: '/gateway' }, z.null()));
    expect(error).toMatchObject({ kind: 'badResponse', status: 502, code: null });
    expect(calls.errors).toHaveLength(1);
  });

  it('no answer within the timeout: timeout', async () => {
    const error = await failure(request({ path: '/slow', timeoutMs: 50 }, z.null()));
    expect(error).toMatchObject({ kind: 'timeout', status: 0, code: null });
    expect(calls.errors).toHaveLength(1);
  });

  it('cancelled by the caller: aborted, nothing shown', async () => {
    const abort = new AbortController();
    const call = request({ path: '/slow', signal: abort.signal }, z.null());
    setTimeout(() => {
      abort.abort();
    }, 20);
    const error = await failure(call);
    expect(error.kind).toBe('aborted');
    expect(calls.errors).toEqual([]);
  });

  it('no server at all: network', async () => {
    configureClient({ baseUrl: 'http://127.0.0.1:1/api/v2' });
    const error = await failure(request({ path: '/ok' }, z.null()));
    expect(error.kind).toBe('network');
  });

  it('quiet calls show and report nothing, whatever happens', async () => {
    await failure(request({ path: '/illegal', quiet: true }, z.null()));
    await failure(request({ path: '/warning', quiet: true }, z.null()));
    await failure(request({ path: '/rejected', quiet: true }, z.null()));
    expect(calls).toEqual({ loggedOut: [], warnings: [], errors: [], confirms: [] });
  });
});
