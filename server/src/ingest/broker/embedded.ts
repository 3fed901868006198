import net from 'node:net';
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client } from 'aedes';
import { downTopic, parseUpTopic, type DownKind } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { mayPublish, maySubscribe } from '../box-auth.js';
import type { BoxLink } from '../commands.js';
import type { IngestService } from '../service.js';

export interface RunningBroker {
  /** The port the broker listens on (useful when configured as 0). */
  port: number;
  link: BoxLink;
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
 * The embedded MQTT broker (aedes): boxes connect to the server itself. Credentials are checked by ingest; a box
 * may publish only its own up/ topics and subscribe only to its own down/ topics. A QoS 1 PUBLISH is acknowledged
 * only after ingest has handled it, which for a snapshot means it is stored (aedes sends PUBACK after
 * authorizePublish calls back).
 */
export async function startEmbeddedBroker(
  ingest: IngestService,
  opts: { port: number; host: string },
  log: FastifyBaseLogger,
): Promise<RunningBroker> {
  const boxOf = new WeakMap<Client, number>();
  /** The current connection of each box: a box that reconnects replaces its old connection. */
  const current = new Map<number, Client>();

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      ingest
        .authenticate({ clientId: client.id, username: username ?? '', password: password?.toString('utf8') ?? '', ip: addressOf(client) })
        .then(
          (boxId) => {
            if (boxId === null) {
              done(refusal(), false);
              return;
            }
            boxOf.set(client, boxId);
            done(null, true);
          },
          (err: unknown) => {
            log.error({ err }, 'box authentication failed');
            done(refusal(), false);
          },
        );
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
      // The will of a connection the box already replaced is stale.
      if (topic.kind === 'will' && current.get(boxId) !== client) {
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
      done(null, subscription);
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

  const server = net.createServer((socket) => broker.handle(socket));
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
