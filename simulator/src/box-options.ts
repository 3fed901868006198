import {
  BOX_PROTOCOL_VERSION,
  boxClientId,
  serverAddressOf,
  upTopic,
  type BoxCommandName,
  type CommandFailReason,
  type HelloPayload,
  type WillPayload,
} from '@dms/contract';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { SimController } from './controller.js';
import type { BrokerAddress } from './transport.js';

/** What a simulated box is given (box.ts): its credentials, controllers, pace, incidents and opening scenes. */

export const SCENE_KINDS = ['fault', 'alert', 'offline', 'lock'] as const;

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
  /**
   * The master key of the CK factory whose controllers these are (docs/dynamic-password.md): each controller holds
   * HMAC-SHA256(master key, its serial) and takes the dynamic passwords the server calculates with the same key.
   * Without it a controller refuses every unlock password.
   */
  masterKey?: Uint8Array;
  /** Keep the list of acknowledged snapshots (tests; it grows without bound). */
  trackAcks?: boolean;
  clock?: () => number;
  /** What the box does (commands, their outcome); `warn` what went wrong (a down message it could not use). */
  log?: (line: string) => void;
  warn?: (line: string) => void;
  /**
   * Commands that fail, and why (tests; `SimBox.failCommand` changes them at run time). A firmware update fails at
   * the step of its reason (`download-failed`, `size-mismatch` and `checksum-mismatch` as if the image were cut short
   * or corrupted, `install-failed`), a `server` command with `unreachable` never reaches the new address and returns
   * after its fallback time; any other command and reason fails at once.
   */
  commandFaults?: Partial<Record<BoxCommandName, CommandFailReason>>;
  /** How long a reboot keeps the box away (REBOOT_MS), and how many ms a second of a `server` command's fallback lasts (1000): tests shorten both. */
  rebootMs?: number;
  fallbackSecondMs?: number;
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
/** How long a rebooting box (a `reboot` or `firmware` command) stays away before it connects again. */
export const REBOOT_MS = 1000;
/** How long a clean stop waits for the last PUBACKs before it disconnects anyway. */
export const STOP_GRACE_MS = 2000;
export const HELLO_FW = '2.4.1';
export const HELLO_BOX_TYPE = 'DTU-4G-A';

/** A box's `up/hello`; `signal` in dBm, `interval` in seconds (whole ones in the hello). */
export function helloPayload(
  fw: string,
  iccid: string,
  signal: number,
  interval: number,
  controllers: readonly SimController[],
  server: BrokerAddress,
): HelloPayload {
  return {
    v: BOX_PROTOCOL_VERSION,
    fw,
    boxType: HELLO_BOX_TYPE,
    iccid,
    signal,
    // The protocol carries whole seconds (1..3600); a benchmark's sub-second interval is reported as 1.
    interval: Math.min(3600, Math.max(1, Math.round(interval))),
    controllers: controllers.map((c) => ({ index: c.index, type: c.type.code })),
    // The address it dialed: the server flags one that is not the address the box was told (/smartbox/box-address).
    server: serverAddressOf(server.host, server.port),
  };
}

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

/**
 * Ends a connected client cleanly: DISCONNECT (so no will) once every PUBACK is in. A broker that holds them back past
 * the grace time gets the connection cut instead (and publishes the will); end() is under way by then, so no
 * reconnect follows.
 */
export async function endCleanly(client: MqttClient): Promise<void> {
  const clean = client.endAsync(false).then(
    () => true,
    () => true,
  );
  let grace: NodeJS.Timeout | undefined;
  const graceOver = new Promise<false>((resolve) => {
    grace = setTimeout(resolve, STOP_GRACE_MS, false);
  });
  if (!(await Promise.race([clean, graceOver]))) client.stream.destroy();
  clearTimeout(grace);
}
