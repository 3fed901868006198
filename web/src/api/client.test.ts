import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, configureClient, request } from './client.js';
import type { Decision } from './policy.js';

/** A real HTTP server answering each case of spec 8; no fetch mocks. */
const answers: Record<string, { status: number; body: string; delayMs?: number }> = {
  '/ok': { status: 200, body: JSON.stringify({ code: 20000, message: 'ok', data: { n: 7 } }) },
  '/bad-shape': { status: 200, body: JSON.stringify({ code: 20000, message: 'ok', data: { n: 'seven' } }) },
  '/warn': { status: 200, body: JSON.stringify({ code: 20004, message: 'Confirm this' }) },
  '/reject': { status: 400, body: JSON.stringify({ code: 40111, message: 'Rejected here' }) },
  '/illegal': { status: 401, body: JSON.stringify({ code: 50008, message: 'Illegal token' }) },
  '/revoked': { status: 401, body: JSON.stringify({ code: 50012, message: 'Revoked' }) },
  '/expired': { status: 200, body: JSON.stringify({ code: 50014, message: 'Expired' }) },
  '/raw': { status: 200, body: JSON.stringify({ list: [1, 2] }) },
  '/unauthorized': { status: 401, body: 'Unauthorized' },
  '/slow': { status: 200, body: JSON.stringify({ code: 20000, message: 'ok', data: { n: 1 } }), delayMs: 500 },
};

let server: http.Server;
const seen: Array<{ url: string; auth: string | undefined; lang: string | undefined }> = [];
const failures: Decision[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, lang: req.headers['accept-language'] });
    const answer = answers[(req.url ?? '').split('?')[0] ?? ''] ?? { status: 404, body: '' };
    setTimeout(() => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body), answer.delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  configureClient({
    baseUrl: `http://127.0.0.1:${port}`,
    getToken: () => 'tok-123',
    getLanguage: () => 'ja',
    timeoutMs: 200,
    onFailure: (d) => failures.push(d),
  });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const n = z.object({ n: z.number() });

describe('request()', () => {
  it('sends the bearer token and the language, resolves typed data', async () => {
    await expect(request({ path: '/ok', query: { page: 2, empty: '' } }, n)).resolves.toEqual({ n: 7 });
    expect(seen.at(-1)).toEqual({ url: '/ok?page=2', auth: 'Bearer tok-123', lang: 'ja' });
  });

  it('rejects data that does not match the contract', async () => {
    await expect(request({ path: '/bad-shape' }, n)).rejects.toThrow();
  });

  it.each([
    ['/warn', 'warningConfirm', 20004, 'Confirm this'],
    ['/reject', 'reject', 40111, 'Rejected here'],
    ['/illegal', 'loggedOut', 50008, 'Illegal token'],
    ['/revoked', 'loggedOut', 50012, 'Revoked'],
    ['/expired', 'loggedOut', 50014, 'Expired'],
    ['/unauthorized', 'loggedOut', 401, 'Unauthorized'],
  ])('%s → %s with an ApiError', async (path, kind, code, message) => {
    failures.length = 0;
    const error = await request({ path }, n).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    expect((error as ApiError).message).toBe(message);
    expect(failures.map((f) => f.kind)).toEqual([kind]);
  });

  it('returns other bodies as they are', async () => {
    await expect(request({ path: '/raw' }, n)).resolves.toEqual({ list: [1, 2] });
  });

  it('a silent call reports nothing to the policy', async () => {
    failures.length = 0;
    await expect(request({ path: '/reject', errors: 'silent' }, n)).rejects.toBeInstanceOf(ApiError);
    expect(failures).toEqual([]);
  });

  it('times out', async () => {
    failures.length = 0;
    const error = (await request({ path: '/slow' }, n).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(failures.map((f) => f.kind)).toEqual(['reject']);
  });
});
