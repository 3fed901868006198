import os from 'node:os';
import mqtt, { type IClientOptions, type MqttClient, type Packet } from 'mqtt';
import { downTopic, parseUpTopic, type DownKind } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { BoxLink } from '../commands.js';
import type { IngestService } from '../service.js';
import type { RunningBroker } from './embedded.js';

/** The part of mqtt.js's client this module reaches into: the one method that sends a packet. */
interface PacketSender {
  _sendPacket(packet: Packet, cb?: () => void, ...rest: unknown[]): void;
}

/**
 * The server as a client of an external broker (MQTT_URL): a persistent session (clean: false, session expiry one
 * day) and a shared subscription, so several server instances split the boxes and the broker keeps what the server
 * has not acknowledged. A message is acknowledged only once ingest has stored it: mqtt.js sends PUBACK when its
 * handleMessage calls back and processes one packet at a time, so the PUBACK itself is held back until the store
 * completes while the next packets are read (acknowledgements stay in order, as MQTT requires).
 */
export async function connectExternalBroker(ingest: IngestService, config: Config['mqtt'], log: FastifyBaseLogger): Promise<RunningBroker> {
  const url = config.url;
  if (!url) throw new Error('MQTT_URL is not set');
  const options: IClientOptions = {
    clientId: config.clientId ?? `dms-server-${os.hostname()}`.slice(0, 64),
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: 86_400 },
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    ...(config.username ? { username: config.username } : {}),
    ...(config.password ? { password: config.password } : {}),
  };
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
    ackChain = ackChain.then(() =>
      stored.then(
        () => {
          send(packet);
        },
        (err: unknown) => {
          // Not stored: drop the connection without acknowledging; the broker delivers it again.
          log.error({ err }, 'could not store a box message; reconnecting without acknowledging it');
          client.stream.destroy();
        },
      ),
    );
  };

  client.handleMessage = (packet, callback) => {
    const topic = parseUpTopic(packet.topic);
    if (!topic) {
      callback();
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const work = ingest.receive(topic.boxId, topic.kind, payload);
    if (packet.qos > 0 && packet.messageId !== undefined) stores.set(packet.messageId, work);
    else
      work.catch((err: unknown) => {
        log.error({ err }, 'could not handle a box message');
      });
    callback();
  };

  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      resolve();
    });
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
  client.on('error', (err) => {
    log.error({ err }, 'external broker error');
  });
  client.on('reconnect', () => {
    log.warn('reconnecting to the external broker');
  });
  const topic = `$share/${config.sharedGroup}/box/+/up/#`;
  await client.subscribeAsync(topic, { qos: 1 });
  log.info({ url: url.replace(/\/\/[^@]*@/, '//***@'), topic }, 'connected to the external broker');

  const link: BoxLink = {
    async publish(boxId: number, kind: DownKind, payload: object) {
      await client.publishAsync(downTopic(boxId, kind), JSON.stringify(payload), { qos: 1 });
    },
  };
  return {
    port: 0,
    link,
    async close() {
      await ackChain;
      await client.endAsync();
    },
  };
}
