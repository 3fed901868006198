import net, { type AddressInfo } from 'node:net';
import type { RunningServer } from './server-process.js';

export const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** Signs a demo account in over HTTP; answers its token. */
export async function signIn(server: RunningServer, username: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo123456' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** `call` `warmUps` times, then `runs` times timed: the times (ms) sorted, and the last answer (none when runs is 0). */
export async function timedRuns<T extends { ms: number }>(
  call: () => Promise<T>,
  warmUps: number,
  runs: number,
): Promise<{ samples: number[]; last: T | undefined }> {
  for (let i = 0; i < warmUps; i++) await call();
  const samples: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    last = await call();
    samples.push(last.ms);
  }
  samples.sort((a, b) => a - b);
  return { samples, last };
}

/** The q-quantile of sorted samples, rounded to `digits` decimals (NaN without samples). */
export const quantile = (sorted: number[], q: number, digits = 1) =>
  round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN, digits);

/** A TCP port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Prometheus text: every sample line, by its name with labels as written (`name{a="b"}`). */
export async function scrape(port: number): Promise<Map<string, number>> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
