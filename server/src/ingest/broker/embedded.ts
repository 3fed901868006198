import net from 'node:net';
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client } from 'aedes';
import { downTopic, MAX_PAYLOAD_BYTES, parseUpTopic, type DownKind } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ConnectThrottle, mayPublish, maySubscribe } from '../box-auth.js';
import type { BoxLink } from '../commands.js';
import type { IngestService } from '../service.js';

export interface RunningBroker {
  /** The port the broker listens on (useful when configured as 0). */
  port: number;
  link: BoxLink;
  /** Whether the server can reach the boxes now: always for the embedded broker; the connection's state for an external one. */
  connected(): boolean;
  close(): Promise<void>;
}

/** aedes's AuthErrorCode.NOT_AUTHORIZED. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- aedes declares an ambient const enum, which cannot be read under verbatimModuleSyntax
const NOT_AUTHORIZED = 5 as AuthErrorCode.NOT_AUTHORIZED;

function refusal(): AuthenticateError {
  return Object.assign(new Error('not authorized'), { returnCode: NOT_AUTHORIZED });
}

function addressOf(client: Client): string {
  const socket = client.conn as Partial<net.Socket>;
  return (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/**
 * The largest MQTT packet the embedded broker reads, as the fixed header's remaining length: a payload of
 * MAX_PAYLOAD_BYTES (64 KiB) and 1 KiB for its topic, packet id and flags. A larger one closes the connection.
 */
export const MAX_PACKET_BYTES = MAX_PAYLOAD_BYTES + 1024;

/**
 * Follows the MQTT fixed headers in the bytes of one connection as they are read, and tells as soon as a packet
 * announces a remaining length over `limit` (or a length field longer than MQTT's 4 bytes), before any more of it
 * arrives. The MQTT parser (mqtt-packet) has no such limit: it would buffer the whole packet first.
 */
export class PacketSizeGuard {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private lengthBytes = 0;
  private remaining = 0;

  constructor(private readonly limit: number) {}

  /** Takes the next bytes of the stream; false once a packet is too large (the connection must close). */
  feed(chunk: Buffer): boolean {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'body') {
        const n = Math.min(this.remaining, chunk.length - i);
        this.remaining -= n;
        i += n;
        if (this.remaining === 0) this.state = 'type';
        continue;
      }
      const byte = chunk.readUInt8(i);
      i += 1;
      if (this.state === 'type') {
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes += 1;
      if (this.length > this.limit) return false;
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return false;
        continue;
      }
      this.remaining = this.length;
      this.state = this.length === 0 ? 'type' : 'body';
    }
    return true;
  }
}

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  /** Waits before a refusal is answered (tests record it instead of waiting). */
  delay?: (ms: number) => Promise<void>;
  /** The clock of the refusal delays. */
  now?: () => number;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    // Unref'd: a refusal still waiting does not hold up the server's shutdown.
    setTimeout(resolve, ms).unref();
  });

/**
 * The embedded MQTT broker (aedes, MQTT 3.1 and 3.1.1): boxes connect to the server itself. Credentials are checked
 * by ingest; refusals from one address are answered later and later (ConnectThrottle). A box may publish only its
 * own up/ topics and subscribe only to its own down/ topics, with the limits of docs/box-protocol.md: no packet
 * over MAX_PACKET_BYTES, nothing retained, no QoS 2. A QoS 1 PUBLISH is acknowledged only after ingest has handled
 * it, which for a snapshot means it is stored (aedes sends PUBACK after authorizePublish calls back).
 */
export async function startEmbeddedBroker(
  ingest: IngestService,
  opts: EmbeddedBrokerOptions,
  log: FastifyBaseLogger,
): Promise<RunningBroker> {
  const boxOf = new WeakMap<Client, number>();
  /** The current connection of each box: a box that reconnects replaces its old connection. */
  const current = new Map<number, Client>();
  const throttle = new ConnectThrottle();
  const delay = opts.delay ?? wait;
  const now = opts.now ?? Date.now;
  const refused = ingest.stats.refused;

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const ip = addressOf(client);
      ingest
        .authenticate({ clientId: client.id, username: username ?? '', password: password?.toString('utf8') ?? '', ip })
        .then(
          async (boxId) => {
            if (boxId !== null) {
              boxOf.set(client, boxId);
              done(null, true);
              return;
            }
            // Only refusals wait: the right credentials are answered at once, whatever the address did before.
            const ms = throttle.refused(ip, now());
            if (ms > 0) {
              refused.delayed += 1;
              await delay(ms);
            }
            done(refusal(), false);
          },
          (err: unknown) => {
            log.error({ err }, 'box authentication failed');
            done(refusal(), false);
          },
        )
        .catch((err: unknown) => {
          log.error({ err }, 'box authentication failed');
        });
    },
    authorizePublish(client, packet, done) {
      const boxId = client ? boxOf.get(client) : undefined;
      if (!client || boxId === undefined || !mayPublish(boxId, packet.topic)) {
        done(new Error('topic not allowed'));
        return;
      }
      const topic = parseUpTopic(packet.topic);
      if (!topic) {
        done(new Error('topic not allowed'));
        return;
      }
      if (topic.kind === 'will') {
        // The broker publishes the will itself: it is kept, without the retain flag (nothing is retained).
        if (packet.retain) {
          refused.retained += 1;
          packet.retain = false;
        }
        if (packet.qos === 2) packet.qos = 1;
        // The will of a connection the box already replaced is stale.
        if (current.get(boxId) !== client) {
          done(null);
          return;
        }
      } else if (packet.qos === 2) {
        // MQTT 3.1.1 cannot refuse one PUBLISH but by closing the connection: it is not handled, not acknowledged.
        refused.qos2 += 1;
        log.warn({ boxId, topic: packet.topic }, 'QoS 2 publish refused: connection closed');
        done(new Error('QoS 2 not allowed'));
        return;
      } else if (packet.retain) {
        // Acknowledged (MQTT-3.3.5-2: acknowledge or close) so the box does not send it again, then dropped.
        refused.retained += 1;
        log.warn({ boxId, topic: packet.topic }, 'retained publish dropped');
        packet.retain = false;
        done(null);
        return;
      }
      ingest.receive(boxId, topic.kind, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload)).then(
        () => {
          done(null);
        },
        (err: unknown) => {
          // Not stored: no PUBACK; the connection closes and the box sends the message again.
          log.error({ err, boxId }, 'could not store a box message');
          done(err instanceof Error ? err : new Error(String(err)));
        },
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const boxId = boxOf.get(client);
      if (boxId === undefined || !maySubscribe(boxId, subscription.topic)) {
        done(new Error('subscription not allowed'));
        return;
      }
      // Everything goes down with QoS 1: a subscription asking QoS 2 is kept as QoS 1 (aedes's SUBACK still names
      // the QoS asked; what is delivered is never above the QoS it was published with, 1).
      done(null, subscription.qos === 2 ? { ...subscription, qos: 1 } : subscription);
    },
  });

  broker.on('client', (client) => {
    const boxId = boxOf.get(client);
    if (boxId === undefined) return;
    current.set(boxId, client);
    ingest.connected(boxId, addressOf(client));
  });
  broker.on('clientDisconnect', (client) => {
    const boxId = boxOf.get(client);
    if (boxId === undefined || current.get(boxId) !== client) return;
    current.delete(boxId);
    ingest.disconnected(boxId, 'disconnect');
  });

  const server = net.createServer((socket) => {
    broker.handle(socket);
    // aedes reads the socket in paused mode ('readable' and read()): this 'data' listener then sees each chunk as
    // aedes reads it and does not change how it is read. A packet announced too large closes the connection when its
    // header arrives, so at most one chunk of it is ever buffered.
    const guard = new PacketSizeGuard(MAX_PACKET_BYTES);
    socket.on('data', (chunk: Buffer) => {
      if (socket.destroyed || guard.feed(chunk)) return;
      refused.oversize += 1;
      const client = (socket as net.Socket & { client?: Client }).client;
      log.warn(
        { boxId: client ? boxOf.get(client) : undefined, ip: socket.remoteAddress, limit: MAX_PACKET_BYTES },
        'MQTT packet too large: connection closed',
      );
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;

  const link: BoxLink = {
    publish(boxId: number, kind: DownKind, payload: object) {
      return new Promise<void>((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic: downTopic(boxId, kind),
            payload: Buffer.from(JSON.stringify(payload)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (err) => {
            if (err) reject(err);
            else resolve();
          },
        );
      });
    },
  };

  return {
    port,
    link,
    connected: () => true,
    async close() {
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
