import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, Code } from '@dms/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, endpointKey, endpointQuery } from './call';
import { ApiError, configureClient } from './client';

/** A real HTTP server that records what `call` sends and answers what the endpoint's schema expects. */
let server: http.Server;
const seen: Array<{ method: string; url: string; body: string }> = [];
let answer: unknown = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: Code.SUCCESS, message: 'ok', data: answer }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2` });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

beforeEach(() => {
  seen.length = 0;
});

describe('call(endpoint)', () => {
  it("fills the path's parameters, sends the method and the body, and answers the checked data", async () => {
    answer = { id: 'w7', outcome: 'acknowledged', reason: null, oldValue: 1, newValue: 2 };
    const result = await call(api.devices.write, { params: { boxId: 100001, controller: 2, register: 40008 }, body: { value: 2 } });
    expect(seen).toEqual([{ method: 'POST', url: '/api/v2/devices/100001/2/registers/40008', body: '{"value":2}' }]);
    expect(result.outcome).toBe('acknowledged');
  });

  it('sends a list as comma-separated values, and leaves out an empty list and undefined values', async () => {
    // A page of either list (the device list's says whether its search's count stopped at the cap).
    answer = { total: 0, items: [], capped: false };
    await call(api.history.snapshots, { params: { boxId: 5, controller: 1 }, query: { from: 1, to: 2, registers: [40001, 40002] } });
    await call(api.history.snapshots, { params: { boxId: 5, controller: 1 }, query: { from: 1, to: 2, registers: [] } });
    await call(api.devices.list, { query: { q: undefined, page: 2 } });
    expect(seen.map((s) => decodeURIComponent(s.url))).toEqual([
      '/api/v2/history/5/1?from=1&to=2&registers=40001,40002',
      '/api/v2/history/5/1?from=1&to=2',
      '/api/v2/devices?page=2',
    ]);
  });

  it("refuses an answer that does not match the endpoint's schema", async () => {
    answer = { total: 'many' };
    await expect(call(api.devices.list, {}, { errorDisplay: 'none' })).rejects.toBeInstanceOf(ApiError);
  });

  it('keys cached reads by endpoint and input, under one prefix per endpoint', () => {
    const a = endpointQuery(api.devices.detail, { params: { boxId: 1, controller: 2 } });
    const b = endpointQuery(api.devices.detail, { params: { boxId: 1, controller: 3 } });
    expect(a.queryKey.slice(0, 2)).toEqual(endpointKey(api.devices.detail));
    expect(a.queryKey).not.toEqual(b.queryKey);
  });
});
