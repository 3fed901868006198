import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from './boxes.js';
import { buildTestApp, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/**
 * A client's oversized or malformed frame is the client's fault: the socket is refused (1009 for a frame over the
 * limit), the refusal is counted, and the log has one warning without a stack, never an error with one.
 */
describe.each(dialects)('the live push refuses bad frames without an error in the log, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const lines: Array<{ level: number; msg?: string; err?: { stack?: string } }> = [];

  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      {},
      { logger: { level: 'debug', stream: { write: (l: string) => lines.push(JSON.parse(l) as never) } } },
    );
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a 1 MiB frame closes the socket with 1009, counted as a warning without a stack', async () => {
    const before = t.app.realtime.refusedFrames.oversize;
    const ws = new WebSocket(`${base}/api/v2/ws`);
    await new Promise((r) => ws.once('open', r));
    const closed = new Promise<number>((resolve) =>
      ws.once('close', (code) => {
        resolve(code);
      }),
    );
    ws.send('x'.repeat(1024 * 1024));
    expect(await closed).toBe(1009);
    await eventually(() => {
      expect(t.app.realtime.refusedFrames.oversize).toBe(before + 1);
    });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.err?.stack !== undefined)).toEqual([]);
    expect(lines.some((l) => l.level === 40 && l.msg === 'realtime frame refused')).toBe(true);
  });

  it('a frame that is not JSON is answered 40001 and counted, without an error in the log', async () => {
    const before = t.app.realtime.refusedFrames.malformed;
    const ws = new WebSocket(`${base}/api/v2/ws`);
    const events: Array<{ type: string; code?: number }> = [];
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as never));
    await new Promise((r) => ws.once('open', r));
    ws.send('{not json');
    await eventually(() => {
      expect(events.find((e) => e.type === 'error')?.code).toBe(40001);
    });
    expect(t.app.realtime.refusedFrames.malformed).toBe(before + 1);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    ws.terminate();
  });
});
