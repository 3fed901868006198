import net from 'node:net';
import { Code, endpoint, httpStatus, message, type CodeValue, type MessageKey } from '@dms/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/http/route.js';
import { bearer, buildTestApp, login, type TestApp } from './helper.js';

/** What one answer came back as: from `inject` or read off a real socket. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are on a real connection (for what Node's HTTP parser refuses before fastify sees a request)
 * and reads the answer until the server closes the connection.
 */
function rawRequest(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(bytes);
  });
}

const ZH = 'zh-CN,zh;q=0.9,en;q=0.5';

/** One kind of error answer: how to provoke it, and the status, code and message (checked in Chinese) it must carry. */
interface Case {
  name: string;
  request: () => InjectOptions | { raw: string };
  code: CodeValue;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** Headers of any answer, not the security headers compared below. */
const GENERAL_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'retry-after']);

describe('every error answer of /api is the envelope, translated, with the security headers of a 200', () => {
  let t: TestApp;
  let port = 0;
  let root = '';
  let manager = '';
  let security: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { LOGIN_LIMIT_PER_ADDRESS: '1000' });
    const boom = endpoint({ method: 'GET', path: '/__boom', access: 'signedIn', response: z.null(), tags: ['test'], summary: 'fails' });
    route(t.app, boom, () => {
      throw new Error('internal detail that must not leak');
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    root = await login(t.app, 'demo_root');
    manager = await login(t.app, 'demo_manager');
    const ok = await t.app.inject({ url: '/api/v2/user/info', headers: bearer(root) });
    expect(ok.statusCode).toBe(200);
    security = Object.fromEntries(
      Object.entries(ok.headers)
        .filter(([name]) => !GENERAL_HEADERS.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
  });
  afterAll(async () => t.close());

  it("takes a 200's security headers as the reference", () => {
    expect(Object.keys(security)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security']),
    );
  });

  const json = { 'content-type': 'application/json', 'accept-language': ZH };
  const cases: Case[] = [
    {
      name: "the router's 404 (unknown /api path)",
      request: () => ({ url: '/api/v2/no-such-call', headers: { 'accept-language': ZH } }),
      code: Code.NOT_FOUND,
      key: 'error.notFound',
    },
    {
      name: 'a method the path does not take (404: no 405 is answered)',
      request: () => ({ method: 'DELETE', url: '/api/v2/user/login', headers: { 'accept-language': ZH } }),
      code: Code.NOT_FOUND,
      key: 'error.notFound',
    },
    {
      name: "the body parser's 400 (malformed JSON)",
      request: () => ({ method: 'POST', url: '/api/v2/user/login', headers: json, payload: '{"username": ' }),
      code: Code.VALIDATION_FAILED,
      key: 'error.badJson',
    },
    {
      name: "the body parser's 400 (empty JSON body)",
      request: () => ({ method: 'POST', url: '/api/v2/user/login', headers: json, payload: '' }),
      code: Code.VALIDATION_FAILED,
      key: 'error.emptyBody',
    },
    {
      name: "the body parser's 413 (body over 1 MiB)",
      request: () => ({
        method: 'POST',
        url: '/api/v2/user/login',
        headers: json,
        payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
      }),
      code: Code.PAYLOAD_TOO_LARGE,
      key: 'error.payloadTooLarge',
    },
    {
      name: '415 (a content type the server does not read)',
      request: () => ({
        method: 'POST',
        url: '/api/v2/user/login',
        headers: { 'content-type': 'text/xml', 'accept-language': ZH },
        payload: '<a/>',
      }),
      code: Code.UNSUPPORTED_MEDIA_TYPE,
      key: 'error.unsupportedMediaType',
    },
    {
      name: "the router's 414 (a path segment over maxParamLength)",
      request: () => ({ url: `/api/v2/devices/${'1'.repeat(300)}/1`, headers: { 'accept-language': ZH } }),
      code: Code.URI_TOO_LONG,
      key: 'error.uriTooLong',
    },
    {
      name: "the router's 400 (a URL that does not decode)",
      request: () => ({ url: '/api/v2/devices/%E0%A4%A/1', headers: { 'accept-language': ZH } }),
      code: Code.VALIDATION_FAILED,
      key: 'error.badUrl',
    },
    {
      name: '401 without a token',
      request: () => ({ url: '/api/v2/user/info', headers: { 'accept-language': ZH } }),
      code: Code.TOKEN_ILLEGAL,
      key: 'error.tokenIllegal',
    },
    {
      name: '401 with a token never issued',
      request: () => ({ url: '/api/v2/user/info', headers: { ...bearer('not-a-token'), 'accept-language': ZH } }),
      code: Code.TOKEN_ILLEGAL,
      key: 'error.tokenIllegal',
    },
    {
      name: '403 of an area the role may not reach',
      request: () => ({ url: '/api/v2/datalog/server-log', headers: { ...bearer(manager), 'accept-language': ZH } }),
      code: Code.FORBIDDEN,
      key: 'error.forbidden',
    },
    {
      name: 'a validation 400',
      request: () => ({ url: '/api/v2/datalog/server-log?page=0', headers: { ...bearer(root), 'accept-language': ZH } }),
      code: Code.VALIDATION_FAILED,
      key: 'validation.invalid',
      params: { field: 'page' },
    },
    {
      name: "a plugin's bare refusal (the broker hook's empty 403 to an address not allowed)",
      request: () => ({
        method: 'POST',
        url: '/api/v2/broker/auth',
        headers: { 'accept-language': ZH },
        payload: { username: 'a', password: 'b', clientid: 'c' },
        remoteAddress: '10.9.9.9',
      }),
      code: Code.FORBIDDEN,
      key: 'error.forbidden',
    },
    {
      name: 'a 500',
      request: () => ({ url: '/api/v2/__boom', headers: { ...bearer(root), 'accept-language': ZH } }),
      code: Code.INTERNAL_ERROR,
      key: 'error.internal',
    },
    {
      name: "Node's 431 (headers over 16 KiB)",
      request: () => ({
        raw: `GET /api/v2/user/info HTTP/1.1\r\nHost: x\r\nAccept-Language: ${ZH}\r\nX-Filler: ${'a'.repeat(17_000)}\r\n\r\n`,
      }),
      code: Code.HEADERS_TOO_LARGE,
      key: 'error.headersTooLarge',
    },
    {
      name: "Node's 431 for a URL over 16 KiB (Node has no 414: the request line counts toward the header limit)",
      request: () => ({ raw: `GET /api/v2/${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\nAccept-Language: ${ZH}\r\n\r\n` }),
      code: Code.HEADERS_TOO_LARGE,
      key: 'error.headersTooLarge',
    },
    {
      name: "Node's 400 (a header that does not parse)",
      request: () => ({ raw: `GET /api/v2/user/info HTTP/1.1\r\nHost: x\r\nAccept-Language: ${ZH}\r\nBad Header\r\n\r\n` }),
      code: Code.VALIDATION_FAILED,
      key: 'error.badRequest',
    },
  ];

  it.each(cases)('$name', async (c) => {
    const request = c.request();
    let answer: Answer;
    if ('raw' in request) {
      answer = await rawRequest(port, request.raw);
    } else {
      const res = await t.app.inject(request);
      answer = {
        status: res.statusCode,
        headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
        body: res.body,
      };
    }
    expect(answer.status).toBe(httpStatus[c.code]);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    // The envelope: a code and a message, `data` only when it carries something (the issues of a 40001).
    expect(Object.keys(body).filter((k) => !['code', 'message', 'data'].includes(k))).toEqual([]);
    const text = message('zh', c.key, c.params);
    expect(body).toMatchObject({ code: c.code, message: text });
    if (c.code === Code.VALIDATION_FAILED) expect(body.data).toMatchObject({ issues: [expect.objectContaining({ message: text })] });
    expect(text).not.toBe(message('en', c.key, c.params));
    expect(answer.body).not.toContain('internal detail');
    expect(answer.body).not.toContain('FST_ERR');
    // The security headers of a 200, each with the same value.
    const missing = Object.entries(security).filter(([name, value]) => answer.headers[name] !== value);
    expect(missing).toEqual([]);
  });

  it.each([
    { name: '401 of a revoked token (50012)', code: Code.TOKEN_REVOKED, key: 'error.tokenRevoked' as const, advance: 0, logout: true },
    { name: '401 of an expired token (50014)', code: Code.TOKEN_EXPIRED, key: 'error.tokenExpired' as const, advance: 1, logout: false },
  ])('$name', async ({ code, key, advance, logout }) => {
    const token = await login(t.app, 'demo_helper');
    if (logout) await t.app.inject({ url: '/api/v2/user/logout', headers: bearer(token) });
    const before = t.clock.now;
    t.clock.now += advance * (t.config.sessionTtlMs + 1000);
    try {
      const res = await t.app.inject({ url: '/api/v2/user/info', headers: { ...bearer(token), 'accept-language': ZH } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code, message: message('zh', key) });
      expect(Object.entries(security).filter(([name, value]) => res.headers[name] !== value)).toEqual([]);
    } finally {
      t.clock.now = before;
    }
  });

  it("a rate limit's 429 (console error reports past the session's budget), with when to try again", async () => {
    const token = await login(t.app, 'demo_market');
    const before = t.clock.now;
    // One second into a minute: the budget comes back in 59 seconds.
    t.clock.now = Math.floor(before / 60_000) * 60_000 + 1000;
    try {
      const report = { method: 'POST' as const, url: '/api/v2/datalog/client-error', payload: { message: 'x' } };
      for (let i = 0; i < 10; i++) expect((await t.app.inject({ ...report, headers: bearer(token) })).statusCode).toBe(200);
      const res = await t.app.inject({ ...report, headers: { ...bearer(token), 'accept-language': ZH } });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        code: Code.TOO_MANY_ATTEMPTS,
        message: message('zh', 'error.tooManyRequests', { seconds: 59 }),
        data: { retryAfterSeconds: 59 },
      });
      expect(Object.entries(security).filter(([name, value]) => res.headers[name] !== value)).toEqual([]);
    } finally {
      t.clock.now = before;
    }
  });
});
