import http from 'node:http';
import { quantile, round } from './measure.js';
import { startServer } from './server-process.js';

const CALLS = Number(process.env.BENCH_API_KEY_CALLS ?? 3000);

/** One GET with a bearer token over a kept-alive connection: its time in ms, and the envelope's code. */
function timedGet(agent: http.Agent, url: URL, token: string): Promise<{ ms: number; code: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        resolve({ ms, code: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number }).code });
      });
    });
    req.on('error', reject);
  });
}

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api/v2${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; data: T };
  if (answer.code !== 20000) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * What an API key check adds to a call (issue 27): the same small call (GET /devices/counts as demo_manager, one
 * process, sequential over one kept-alive connection) made `CALLS` times with the session's token and with a
 * `devices:read` key, interleaved, p50/p99 of each and of the difference. Both checks are one hash and one indexed
 * read; the key's also writes its last use once a minute.
 */
export async function benchApiKey(): Promise<Record<string, unknown>> {
  const server = await startServer({ API_KEY_BURST: '100000', API_KEY_RATE_PER_SECOND: '10000' });
  try {
    const { token } = await post<{ token: string }>(server.url, '/user/login', { username: 'demo_manager', password: 'demo123456' });
    const { key } = await post<{ key: string }>(server.url, '/user/api-keys', { name: 'bench', scopes: ['devices:read'] }, token);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(`${server.url}/api/v2/devices/counts`);
    const session: number[] = [];
    const withKey: number[] = [];
    // Warm up both paths, then interleave so that drift of the machine falls on both alike.
    for (let i = 0; i < 200; i += 1) {
      await timedGet(agent, url, token);
      await timedGet(agent, url, key);
    }
    for (let i = 0; i < CALLS; i += 1) {
      const a = await timedGet(agent, url, token);
      const b = await timedGet(agent, url, key);
      if (a.code !== 20000 || b.code !== 20000) throw new Error(`unexpected answer ${String(a.code)} / ${String(b.code)}`);
      session.push(a.ms);
      withKey.push(b.ms);
    }
    agent.destroy();
    const s = [...session].sort((x, y) => x - y);
    const k = [...withKey].sort((x, y) => x - y);
    return {
      calls: CALLS,
      call: 'GET /api/v2/devices/counts (demo_manager)',
      sessionMs: { p50: quantile(s, 0.5, 3), p99: quantile(s, 0.99, 3) },
      apiKeyMs: { p50: quantile(k, 0.5, 3), p99: quantile(k, 0.99, 3) },
      addedByKeyMs: {
        p50: round(quantile(k, 0.5, 3) - quantile(s, 0.5, 3), 3),
        p99: round(quantile(k, 0.99, 3) - quantile(s, 0.99, 3), 3),
      },
    };
  } finally {
    await server.stop();
  }
}
