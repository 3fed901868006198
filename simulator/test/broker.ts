import net from 'node:net';
import { parseUpTopic } from '@dms/contract';
import { Aedes, type AuthErrorCode } from 'aedes';

/** aedes's AuthErrorCode.BAD_USERNAME_OR_PASSWORD. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- aedes declares an ambient const enum, which cannot be read under verbatimModuleSyntax
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode.BAD_USERNAME_OR_PASSWORD;

/** A message a box published (or the broker published for it: the will). */
export interface Seen {
  topic: string;
  clientId: string | null;
  json: Record<string, unknown>;
}

export interface TestBroker {
  url: string;
  /** Everything published under box/+/up/, in order. */
  seen: Seen[];
  /** One entry per controller of every data message, recorded before its PUBACK goes out (like the server). */
  stored: Array<{ boxId: number; controller: number; ts: number }>;
  /** Remote address of every accepted connection, per client id, in order. */
  addresses: Map<string, string[]>;
  /** Client ids whose CONNECT was refused. */
  refused: string[];
  /** Publishes a down message to a box, QoS 1. */
  send(topic: string, payload: object): Promise<void>;
  /** Messages of one kind (hello, data, event, ack, will) from one box. */
  of(boxId: number, kind: string): Seen[];
  close(): Promise<void>;
}

/**
 * An aedes broker on a free port that plays the server's part: it accepts boxes with their password only, lets a
 * box publish under its own topics only, and "stores" each snapshot before acknowledging it (aedes sends the PUBACK
 * of a QoS 1 publish after authorizePublish answers, so that is where the store goes, optionally slowed down).
 */
export async function startBroker(passwords: ReadonlyMap<number, string>, options: { storeDelayMs?: number } = {}): Promise<TestBroker> {
  const seen: Seen[] = [];
  const stored: TestBroker['stored'] = [];
  const addresses = new Map<string, string[]>();
  const refused: string[] = [];
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const boxId = Number(username);
      if (client.id === `box-${boxId}` && password?.toString() === passwords.get(boxId)) {
        done(null, true);
        return;
      }
      refused.push(client.id);
      const error = Object.assign(new Error('bad credentials'), { returnCode: BAD_USERNAME_OR_PASSWORD });
      done(error, false);
    },
    authorizeSubscribe(client, subscription, done) {
      done(null, subscription.topic === `box/${client.id.slice(4)}/down/#` ? subscription : null);
    },
    authorizePublish(client, packet, done) {
      const up = parseUpTopic(packet.topic);
      if (!client || !up || client.id !== `box-${up.boxId}`) {
        done(new Error('not your topic'));
        return;
      }
      if (up.kind !== 'data') {
        done(null);
        return;
      }
      const json = JSON.parse(packet.payload.toString()) as { ts: number; c: Record<string, unknown> };
      setTimeout(() => {
        for (const controller of Object.keys(json.c)) stored.push({ boxId: up.boxId, controller: Number(controller), ts: json.ts });
        done(null);
      }, options.storeDelayMs ?? 0);
    },
  });
  broker.on('client', (client) => {
    const address = 'remoteAddress' in client.conn ? (client.conn.remoteAddress ?? '') : '';
    addresses.set(client.id, [...(addresses.get(client.id) ?? []), address]);
  });
  broker.on('publish', (packet, client) => {
    if (!packet.topic.startsWith('box/') || !packet.topic.includes('/up/')) return;
    seen.push({
      topic: packet.topic,
      clientId: client?.id ?? null,
      json: JSON.parse(packet.payload.toString()) as Record<string, unknown>,
    });
  });
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  return {
    url: `mqtt://127.0.0.1:${address.port}`,
    seen,
    stored,
    addresses,
    refused,
    send: (topic, payload) =>
      new Promise<void>((resolve, reject) => {
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 1, retain: false, dup: false },
          (err) => {
            if (err) reject(err);
            else resolve();
          },
        );
      }),
    of: (boxId, kind) => seen.filter((s) => s.topic === `box/${boxId}/up/${kind}`),
    close: async () => {
      await new Promise<void>((resolve) => {
        broker.close(() => {
          resolve();
        });
      });
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

/** Polls until `probe` answers something truthy; fails after `ms`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | null | false, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
