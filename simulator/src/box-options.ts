import { BOX_PROTOCOL_VERSION, boxClientId, upTopic, type WillPayload } from '@dms/contract';
import type { IClientOptions } from 'mqtt';

/** What a simulated box is given (box.ts): its credentials, controllers, pace, incidents and opening scenes. */

export const SCENE_KINDS = ['fault', 'alert', 'offline'] as const;

/**
 * An opening scene: what one box does `afterMs` after it first connects, so that a fresh demo shows at once what the
 * product is for (a device in fault, one in alert, one offline, each with its cause) instead of waiting for chance.
 */
export interface Scene {
  kind: (typeof SCENE_KINDS)[number];
  boxId: number;
  afterMs: number;
}

/** How long an opening scene's fault or alert lasts, and its offline spell. */
export const SCENE_INCIDENT_MS = 15 * 60_000;
export const SCENE_OFFLINE_MS = 10 * 60_000;

/** Incidents per box per hour. */
export interface Rates {
  fault: number;
  alert: number;
  offline: number;
  ipChange: number;
}

export interface BoxOptions {
  boxId: number;
  password: string;
  /** mqtt://host:port */
  url: string;
  /** The controller type code at bus index 1, 2, ... */
  types: readonly string[];
  /** Seconds between snapshots; may be fractional (benchmarks). */
  interval: number;
  seed: string;
  rates: Rates;
  /** Whether the box may connect from addresses of 127.0.0.0/8 (see transport.ts); needed for IP changes. */
  loopbackAliases: boolean;
  /** Keep the list of acknowledged snapshots (tests; it grows without bound). */
  trackAcks?: boolean;
  clock?: () => number;
  /** What the box does (updates, config); `warn` what went wrong (a down message it could not use). */
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

/** One controller's part of a snapshot the broker acknowledged. */
export interface AckedSnapshot {
  boxId: number;
  controller: number;
  ts: number;
}

/** mqtt.js's own reconnect delay after a lost connection. */
export const RECONNECT_MS = 1000;
/** Retry delay after the broker refused the credentials: keep trying, but do not hammer it. */
export const REFUSED_RETRY_MS = 30_000;
/** Most snapshots kept unacknowledged (offline or awaiting PUBACK); past that the box skips new ones (a real box's buffer). */
export const MAX_BACKLOG = 30;
/** How long a clean stop waits for the last PUBACKs before it disconnects anyway. */
export const STOP_GRACE_MS = 2000;
export const HELLO_FW = '2.4.1';
export const HELLO_BOX_TYPE = 'DTU-4G-A';

/** The MQTT client options of a box: its id and secret, a clean session, QoS 1 will that says it went offline. */
export function mqttOptions(boxId: number, password: string): IClientOptions {
  const will: WillPayload = { v: BOX_PROTOCOL_VERSION, online: false };
  return {
    clientId: boxClientId(boxId),
    username: String(boxId),
    password,
    protocolId: 'MQTT',
    protocolVersion: 4,
    keepalive: 60,
    clean: true,
    reconnectPeriod: RECONNECT_MS,
    reconnectOnConnackError: true,
    connectTimeout: 30_000,
    queueQoSZero: false,
    resubscribe: false,
    will: { topic: upTopic(boxId, 'will'), payload: Buffer.from(JSON.stringify(will)), qos: 1, retain: false },
  };
}
