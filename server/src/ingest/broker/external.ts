import os from 'node:os';
import mqtt, { type IClientOptions, type IConnackPacket, type MqttClient, type Packet } from 'mqtt';
import { Code, downTopic, parseUpTopic, type DownKind } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { BoxLink } from '../commands.js';
import type { IngestService } from '../service.js';
import type { RunningBroker } from './embedded.js';

/** The part of mqtt.js's client this module reaches into: the one method that sends a packet. */
interface PacketSender {
  _sendPacket(packet: Packet, cb?: () => void, ...rest: unknown[]): void;
}

/** What the server subscribes to: every box's up topics. */
const UP_TOPICS = 'box/+/up/#';
/** How long the broker keeps the server's session (and queues for it) while the server is away. */
export const SESSION_EXPIRY_S = 86_400;
/** Reconnect backoff: from about 1 s, doubling, up to 30 s. */
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** While the broker stays unreachable, one log line says so this often (each attempt is logged at debug only). */
const STILL_DOWN_LOG_MS = 5 * 60_000;
/** How long closing waits for the broker to take the DISCONNECT before it drops the connection. */
const CLOSE_WAIT_MS = 2000;

/**
 * The wait before reconnect attempt `attempt` (0 first): the ceiling doubles from RECONNECT_MIN_MS to RECONNECT_MAX_MS,
 * and the wait is a random point in its upper half, so server instances that lost the same broker do not return in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** What the server is told when its broker connection changes (server log entries: see modules/health). */
export interface BrokerEvents {
  /** The connection is lost, or could not be made at start: once per outage. */
  lost(reason: string): void;
  /** Connected and subscribed again, after `downMs` and `attempts` reconnect attempts. */
  restored(downMs: number, attempts: number): void;
  /**
   * Asked as the server closes: whether other instances take the shared subscription's messages meanwhile. Then it
   * unsubscribes first, so the broker hands them what boxes send instead of queueing this instance's share until it
   * is back (cluster/members.ts).
   */
  othersTakeOver(): boolean;
}

/** Where Mosquitto says its version (retained): the server reads it once to warn about one that forgets shared subscriptions. */
const VERSION_TOPIC = '$SYS/broker/version';

/** Whether a Mosquitto version line ("mosquitto version 2.0.11") names one that forgets shared subscriptions when it restarts (before 2.0.12). */
export function forgetsSharedSubscriptions(version: string): boolean {
  const m = /mosquitto version (\d+)\.(\d+)\.(\d+)/i.exec(version);
  if (!m) return false;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return major < 2 || (major === 2 && minor === 0 && patch < 12);
}

/** The broker's URL without its credentials, for logs. */
const shownUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The server as a client of an external broker (MQTT_URL), for as long as the server runs:
 *
 * - A persistent session (fixed client id, clean: false, session expiry one day): what the broker queues while the
 *   server is away is delivered when it is back. The subscription (QoS 1; a shared subscription unless
 *   MQTT_SHARED_GROUP is `none`, so several server instances split the boxes) is made again on every connect, not
 *   only when the broker lost the session: Mosquitto before 2.0.12 keeps the session over a restart but forgets its
 *   shared subscriptions, and subscribing again to the same filter replaces the subscription (no duplicates).
 * - A message is acknowledged only once ingest has stored it: mqtt.js sends PUBACK when its handleMessage calls back
 *   and processes one packet at a time, so the PUBACK itself is held back until the store completes while the next
 *   packets are read (acknowledgements stay in order, as MQTT requires). A PUBACK is only ever sent on the connection
 *   its message came on; one whose connection has dropped is not sent, and the broker delivers the message again
 *   (history ignores a second copy of a (device, ts)).
 * - Never ended on an error: a lost connection, a broker that is down at start or refuses the server, is tried again
 *   with backoff (about 1 s doubling to 30 s, with jitter). The start does not wait for a broker that does not answer.
 *   Log lines say when the connection is lost and restored, and every 5 minutes while it stays down.
 */
export async function connectExternalBroker(
  ingest: Pick<IngestService, 'receive' | 'backlog'>,
  config: Config['mqtt'],
  log: FastifyBaseLogger,
  events: Partial<BrokerEvents> = {},
): Promise<RunningBroker> {
  const url = config.url;
  if (!url) throw new Error('MQTT_URL is not set');
  const options: IClientOptions = {
    clientId: config.clientId ?? `dms-server-${os.hostname()}`.slice(0, 64),
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
    // Reconnects are this module's (backoff); mqtt.js's own would retry at a fixed period and give up on a refusal.
    reconnectPeriod: 0,
    resubscribe: false,
    connectTimeout: 10_000,
    keepalive: 30,
    ...(config.username ? { username: config.username } : {}),
    ...(config.password ? { password: config.password } : {}),
  };
  const topic = config.sharedGroup ? `$share/${config.sharedGroup}/${UP_TOPICS}` : UP_TOPICS;
  const where = { url: shownUrl(url), clientId: options.clientId, topic };

  /** Connected and subscribed: boxes' messages reach the server. */
  let up = false;
  let closing = false;
  /** Counts connections: a held-back PUBACK is sent only on the connection its message came on. */
  let connection = 0;
  let attempts = 0;
  let downSince = Date.now();
  let lastError = 'not connected yet';
  let lastStillDownLog = Date.now();
  let retryTimer: NodeJS.Timeout | null = null;
  /** Set until the first attempt is over: told whether it connected and subscribed. */
  let settleStart: ((ok: boolean) => void) | null = null;

  // Connect, but hook in before the first packet: a persistent session's queued messages arrive right after CONNACK.
  const client: MqttClient = mqtt.connect(url, options);
  const stores = new Map<number, Promise<void>>();
  let ackChain: Promise<void> = Promise.resolve();

  const sender = client as unknown as PacketSender;
  const send = sender._sendPacket.bind(client);
  sender._sendPacket = (packet: Packet, cb?: () => void, ...rest: unknown[]) => {
    const messageId = packet.cmd === 'puback' ? packet.messageId : undefined;
    const stored = messageId !== undefined ? stores.get(messageId) : undefined;
    if (messageId === undefined || !stored) {
      send(packet, cb, ...rest);
      return;
    }
    stores.delete(messageId);
    cb?.();
    const on = connection;
    ackChain = ackChain.then(() =>
      stored.then(
        () => {
          // Offline, mqtt.js would queue the PUBACK for the next connection, where the id may name another message.
          if (on === connection && client.connected) send(packet);
        },
        (err: unknown) => {
          // Not stored: drop the connection without acknowledging; the broker delivers it again.
          log.error({ err }, 'could not store a box message; reconnecting without acknowledging it');
          if (on !== connection) return;
          lastError = `could not store a box message: ${reasonOf(err)}`;
          client.stream.destroy();
        },
      ),
    );
  };

  client.handleMessage = (packet, callback) => {
    if (packet.topic === VERSION_TOPIC) {
      checkVersion(packet.payload.toString());
      callback();
      return;
    }
    const from = parseUpTopic(packet.topic);
    if (!from) {
      callback();
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const work = ingest.receive(from.boxId, from.kind, payload, { edge: false });
    if (packet.qos > 0 && packet.messageId !== undefined) stores.set(packet.messageId, work);
    else
      work.catch((err: unknown) => {
        log.error({ err }, 'could not handle a box message');
      });
    // The next message is read only once ingest has room for it (backlog.ts): the rest wait in the broker.
    // A connection dropped meanwhile reads no more (a PUBACK must not reach the next one under this id).
    const room = ingest.backlog.room();
    const on = connection;
    if (room)
      void room.then(() => {
        if (on === connection) callback();
      });
    else callback();
  };

  // With a shared subscription, a Mosquitto that loses it on restart loses what boxes send until the server is back.
  let versionChecked = false;
  const checkVersion = (version: string) => {
    if (versionChecked) return;
    versionChecked = true;
    client.unsubscribe(VERSION_TOPIC);
    if (config.sharedGroup && forgetsSharedSubscriptions(version))
      log.warn(
        { ...where, broker: version },
        'this Mosquitto (before 2.0.12) forgets shared subscriptions when it restarts: what boxes publish until the server is back is lost. Upgrade it, or run one server instance with MQTT_SHARED_GROUP=none',
      );
  };

  const scheduleReconnect = () => {
    if (closing || retryTimer) return;
    const delay = reconnectDelay(attempts);
    attempts += 1;
    log.debug({ ...where, attempt: attempts, delayMs: delay, err: lastError }, 'external broker: reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (closing) return;
      // The same stores: QoS 1 down messages not yet acknowledged by the broker are sent again.
      client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
    }, delay);
    retryTimer.unref();
    if (Date.now() - lastStillDownLog >= STILL_DOWN_LOG_MS) {
      lastStillDownLog = Date.now();
      log.warn(
        { ...where, downForS: Math.round((Date.now() - downSince) / 1000), attempts, err: lastError },
        'still not connected to the external broker; boxes are not heard until it is back',
      );
    }
  };

  client.on('error', (err) => {
    lastError = reasonOf(err);
    log.debug({ err }, 'external broker error');
  });

  client.on('connect', (connack: IConnackPacket) => {
    connection += 1;
    const on = connection;
    // What a later loss is put down to, unless an error says more.
    lastError = 'the broker closed the connection';
    client.subscribeAsync(topic, { qos: 1 }).then(
      () => {
        if (on !== connection || !client.connected || closing) return;
        const wasDown = !up;
        up = true;
        if (!versionChecked && config.sharedGroup) client.subscribe(VERSION_TOPIC, { qos: 0 }, () => undefined);
        if (settleStart) {
          settleStart(true);
          return;
        }
        if (!wasDown) return;
        const downMs = Date.now() - downSince;
        log.info(
          { ...where, downForS: Math.round(downMs / 1000), attempts, sessionPresent: connack.sessionPresent },
          'reconnected to the external broker',
        );
        events.restored?.(downMs, attempts);
        attempts = 0;
      },
      (err: unknown) => {
        if (on !== connection) return;
        lastError = `subscribe ${topic}: ${reasonOf(err)}`;
        log.error({ ...where, err }, 'the external broker refused the subscription; reconnecting');
        client.stream.destroy();
      },
    );
  });

  client.on('close', () => {
    connection += 1;
    if (closing) return;
    if (up) {
      up = false;
      downSince = Date.now();
      lastStillDownLog = Date.now();
      log.warn({ ...where, err: lastError }, 'lost the connection to the external broker; reconnecting (backoff 1 s to 30 s)');
      events.lost?.(lastError);
    }
    settleStart?.(false);
    scheduleReconnect();
  });

  // The start waits for the first attempt only: connected and subscribed, or failed (it goes on in the background).
  const upAtStart = await new Promise<boolean>((resolve) => {
    settleStart = (ok) => {
      settleStart = null;
      resolve(ok);
    };
  });
  if (upAtStart) {
    log.info(where, 'connected to the external broker');
    attempts = 0;
  } else {
    log.warn(
      { ...where, err: lastError },
      'the external broker does not answer: the server starts without it and connects when it is back (boxes are not heard until then)',
    );
    events.lost?.(`not reachable at start: ${lastError}`);
  }

  const link: BoxLink = {
    async publish(boxId: number, kind: DownKind, payload: object) {
      if (!up) throw new AppError(Code.DEVICE_OFFLINE, 'error.deviceOffline');
      await client.publishAsync(downTopic(boxId, kind), JSON.stringify(payload), { qos: 1 });
    },
  };
  return {
    port: 0,
    link,
    connected: () => up,
    async close() {
      closing = true;
      up = false;
      if (retryTimer) clearTimeout(retryTimer);
      if (client.connected && config.sharedGroup && events.othersTakeOver?.()) await client.unsubscribeAsync(topic).catch(() => undefined);
      await ackChain;
      if (!client.connected) {
        await client.endAsync(true);
        return;
      }
      // A normal DISCONNECT keeps the session (and what the broker queues for it); a broker that does not take it is dropped.
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        client.endAsync().then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => {
            resolve(true);
          }, CLOSE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (gaveUp) client.stream.destroy();
    },
  };
}
