import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { boxClientId, upTopic } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';

/**
 * The load generator of `npm run bench -- saturate` (bench/src/saturate.ts), in a process of its own: it does no
 * simulation. Each box's connection says hello once, then replays valid snapshots whose bytes were encoded before the
 * run (only the sequence number and the time are spliced in), keeping SAT_WINDOW QoS 1 publishes in flight: the next
 * goes as soon as one is acknowledged. The snapshots are numbered per box, so the bench counts what was stored against
 * what was acknowledged. Prints one JSON line: sent, acknowledged, failed, values a snapshot, its own CPU.
 *
 * Settings (environment): SAT_URL (mqtt://host:port), SAT_CREDENTIALS (the simulator's file, `[{boxId, password}]`),
 * SAT_WINDOW (default 16), SAT_SECONDS (default 20), SAT_CONTROLLERS (default 2).
 */
const URL = process.env.SAT_URL ?? '';
const WINDOW = Number(process.env.SAT_WINDOW ?? 16);
const SECONDS = Number(process.env.SAT_SECONDS ?? 20);
const CONTROLLERS = Number(process.env.SAT_CONTROLLERS ?? 2);
const TYPE = 'screw-compressor';

interface Credential {
  boxId: number;
  password: string;
}

/** Every one-word register of the type with a value: the `c` of a snapshot, encoded once. */
function controllersJson(): string {
  const type = BUILTIN_TYPES.find((t) => t.code === TYPE);
  if (!type) throw new Error(`no built-in type ${TYPE}`);
  const values = Object.fromEntries(type.registers.filter((r) => (r.words ?? 1) === 1).map((r, i) => [String(r.number), (i * 7) % 100]));
  const c = Object.fromEntries(Array.from({ length: CONTROLLERS }, (_, i) => [String(i + 1), values]));
  return JSON.stringify(c);
}

async function main(): Promise<void> {
  const credentials = JSON.parse(readFileSync(process.env.SAT_CREDENTIALS ?? '', 'utf8')) as Credential[];
  const body = Buffer.from(`,"c":${controllersJson()}}`);
  const valuesPerSnapshot =
    Object.keys((JSON.parse(`{"c":${controllersJson()}}`) as { c: Record<string, Record<string, number>> }).c['1'] ?? {}).length *
    CONTROLLERS;
  const hello = JSON.stringify({
    v: 1,
    fw: 'saturate',
    boxType: 'DTU-4G',
    iccid: '89860000000000000000',
    signal: -70,
    interval: 1,
    controllers: Array.from({ length: CONTROLLERS }, (_, i) => ({ index: i + 1, type: TYPE })),
  });
  // The snapshots' times: a millisecond apart, ending about now, so none is refused as too old or in the future.
  const first = Date.now() - SECONDS * 1000 * 40;
  let sent = 0;
  let acked = 0;
  let failed = 0;
  let stopping = false;
  const clients: mqtt.MqttClient[] = [];
  await Promise.all(
    credentials.map(async ({ boxId, password }) => {
      const client = await mqtt.connectAsync(URL, {
        clientId: boxClientId(boxId),
        username: String(boxId),
        password,
        reconnectPeriod: 0,
        connectTimeout: 30_000,
      });
      clients.push(client);
      await client.publishAsync(upTopic(boxId, 'hello'), hello, { qos: 1 });
      return { client, boxId };
    }),
  ).then((boxes) => {
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    // The bench reads the server's CPU from here to `stop`.
    process.stdout.write(`${JSON.stringify({ phase: 'start' })}\n`);
    for (const { client, boxId } of boxes) {
      const topic = upTopic(boxId, 'data');
      let seq = 0;
      const next = (): void => {
        if (stopping) return;
        seq += 1;
        sent += 1;
        const head = Buffer.from(`{"v":1,"seq":${seq},"ts":${first + seq}`);
        client.publish(topic, Buffer.concat([head, body]), { qos: 1 }, (err) => {
          if (err) failed += 1;
          else acked += 1;
          next();
        });
      };
      for (let i = 0; i < WINDOW; i++) next();
    }
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        stopping = true;
        const seconds = (performance.now() - started) / 1000;
        const cpu = process.cpuUsage(cpu0);
        const ackedInTime = acked;
        process.stdout.write(`${JSON.stringify({ phase: 'stop' })}\n`);
        // Wait for what is in flight, then report.
        setTimeout(() => {
          process.stdout.write(
            `${JSON.stringify({ boxes: boxes.length, window: WINDOW, seconds, sent, acked, ackedInTime, failed, valuesPerSnapshot, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`,
          );
          resolve();
        }, 3000);
      }, SECONDS * 1000);
    });
  });
  await Promise.all(clients.map((c) => c.endAsync(true)));
}

await main();
