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
