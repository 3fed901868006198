import { EventEmitter } from 'node:events';
import {
  BOX_PROTOCOL_VERSION,
  TOPIC_ROOT,
  upTopic,
  type AckPayload,
  type BoxCommandName,
  type BoxEventKind,
  type CommandFailReason,
  type DataPayload,
  type EventPayload,
  type UpKind,
  type WritePayload,
} from '@dms/contract';
import { ErrorWithReasonCode, MqttClient } from 'mqtt';
import {
  HELLO_FW,
  helloPayload,
  MAX_BACKLOG,
  mqttOptions,
  RECONNECT_MS,
  REFUSED_RETRY_MS,
  SCENE_INCIDENT_MS,
  SCENE_OFFLINE_MS,
  endCleanly,
  type AckedSnapshot,
  type BoxOptions,
  type Scene,
} from './box-options.js';
import { Commands } from './commands.js';
import { keying, SimController } from './controller.js';
import { parseDown } from './down.js';
import { chanceWithin, Prng } from './prng.js';
import { zeroCounters, type BoxCounters } from './stats.js';
import { connectTcp, parseBrokerUrl, randomLoopbackAddress, type BrokerAddress } from './transport.js';

interface BoxEvents {
  connect: [];
  close: [];
  snapshot: [DataPayload];
  /** A client error: broker unreachable, connection refused... (not `error`: nobody has to listen) */
  clientError: [Error];
}

/**
 * One simulated cloud box: an MQTT client speaking docs/box-protocol.md for its controllers.
 *
 * Delivery: every publish is QoS 1. mqtt.js keeps each QoS 1 publish in its outgoing store until the PUBACK
 * arrives and, on every (re)connect, sends the store again, whether or not the session is clean
 * (MqttClient._onConnect replays the store unconditionally; only QoS 0 messages are dropped when the connection
 * closes, and with `reconnectPeriod` > 0 nothing in the store is dropped). So a snapshot whose PUBACK was lost with
 * the connection is sent again with its original `ts`, and its publish callback (our "acknowledged") fires only
 * after a PUBACK. The replay goes one message at a time, each after the previous one's PUBACK, and mqtt.js emits
 * `connect` only when it is done, so those few in-flight messages precede the hello of a reconnect. Snapshots
 * taken while offline are kept by the box itself (`backlog`) and sent after the hello, as a real box does.
 */
export class SimBox extends EventEmitter<BoxEvents> {
  readonly boxId: number;
  readonly controllers: readonly SimController[];
  readonly counters: BoxCounters = zeroCounters();
  readonly acked: AckedSnapshot[] = [];
  interval: number;
  /** The address the box connects from: the system's choice until the first IP change. */
  localAddress: string | undefined = undefined;

  /** Incidents, offline spells, addresses: drawn in tick order, so a seeded run repeats them. */
  private readonly rng: Prng;
  /** Radio details (ICCID, signal), drawn at each connect, whose timing varies. */
  private readonly radio: Prng;
  private readonly clock: () => number;
  private readonly log: (line: string) => void;
  private readonly warn: (line: string) => void;
  private broker: BrokerAddress;
  private client: MqttClient | null = null;
  private seq = 0;
  private lastTs = 0;
  private inflight = 0;
  /** Snapshots taken while offline, sent after the hello of the next connect. */
  private readonly backlog: DataPayload[] = [];
  private fw = HELLO_FW;
  private readonly iccid: string;
  private tickTimer: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private online = false;
  /** Until the first connect after a start or a reboot: that connect reports the boot and starts the reports. */
  private booting = true;
  private readonly commands: Commands;

  constructor(private readonly options: BoxOptions) {
    super();
    this.boxId = options.boxId;
    this.interval = options.interval;
    this.clock = options.clock ?? Date.now;
    this.log = options.log ?? (() => {});
    this.warn = options.warn ?? this.log;
    this.broker = parseBrokerUrl(options.url);
    const boxRng = new Prng(options.seed).fork(`box-${options.boxId}`);
    this.rng = boxRng.fork('events');
    this.radio = boxRng.fork('radio');
    const now = this.clock();
    this.controllers = options.types.map(
      (type, i) => new SimController(i + 1, type, boxRng.fork(`c${i + 1}`), now, keying(options.boxId, i + 1, options.masterKey)),
    );
    this.iccid = `8986${Array.from({ length: 16 }, () => this.radio.int(0, 9)).join('')}`;
    this.commands = new Commands(
      {
        boxId: this.boxId,
        controllers: this.controllers,
        counters: this.counters,
        fw: () => this.fw,
        broker: () => this.broker,
        clock: this.clock,
        log: this.log,
        warn: this.warn,
        publishReply: (reply) => {
          this.publish('reply', reply);
        },
        setInterval: (seconds) => this.setInterval(seconds),
        disconnect: () => this.leave(),
        // Off (a reboot): reports stop until the next connect, which reports the boot; with firmware `fw` from then on.
        restart: (fw) => {
          if (this.tickTimer) clearTimeout(this.tickTimer);
          this.tickTimer = null;
          this.booting = true;
          if (fw !== undefined) this.fw = fw;
        },
        connect: (to) => this.connectTo(to),
      },
      options,
    );
  }

  /** Connected and past mqtt.js's replay of unacknowledged messages (it emits `connect` only then; only then can the box say hello). */
  get connected(): boolean {
    return this.online;
  }

  controller(index: number): SimController | undefined {
    return this.controllers.find((c) => c.index === index);
  }

  /** Connects; once connected the box reports, the first snapshot after a random part of the interval. */
  start(): void {
    if (this.client) return;
    this.client = this.createClient();
  }

  /** Disconnects properly (DISCONNECT, so no will) and stops reporting. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.commands.stop();
    if (this.tickTimer) clearTimeout(this.tickTimer);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.leave();
  }

  /** The firmware version the box runs (its hello's `fw`; a firmware command changes it after its reboot). */
  get firmware(): string {
    return this.fw;
  }

  /** From now on the command `cmd` fails with `reason`, or (null) runs again (tests; see BoxOptions.commandFaults). */
  failCommand(cmd: BoxCommandName, reason: CommandFailReason | null): void {
    this.commands.fail(cmd, reason);
  }

  /**
   * Plays an opening scene after the box's first report: its first controller's fault or alert, or lock, or an offline
   * spell.
   */
  play(scene: Pick<Scene, 'kind' | 'afterMs'>): void {
    const run = (): void => {
      if (this.stopped) return;
      if (scene.kind === 'offline') {
        this.goOffline(SCENE_OFFLINE_MS);
        return;
      }
      const controller = this.controllers[0];
      if (!controller) return;
      const now = this.clock();
      if (scene.kind === 'lock') controller.lock.lock(now);
      else if (controller.raise(scene.kind, this.rng, now + SCENE_INCIDENT_MS))
        this.counters[scene.kind === 'fault' ? 'faultsRaised' : 'alertsRaised']++;
      this.sendSnapshot(now);
    };
    const afterFirstReport = (): void => {
      this.later(scene.afterMs, run);
    };
    if (this.counters.snapshotsSent > 0) afterFirstReport();
    else this.once('snapshot', afterFirstReport);
  }

  /** Takes one snapshot now, with the incidents that fall due (the timer calls this every interval). */
  tick(): void {
    const now = this.clock();
    const seconds = this.interval;
    const { rates } = this.options;
    for (const severity of ['fault', 'alert'] as const) {
      if (!this.rng.chance(chanceWithin(rates[severity], seconds))) continue;
      const controller = this.rng.pick(this.controllers);
      if (controller.raise(severity, this.rng, now + this.holdMs()))
        this.counters[severity === 'fault' ? 'faultsRaised' : 'alertsRaised']++;
    }
    for (const c of this.controllers) c.step(seconds, now);
    this.sendSnapshot(now);
    if (this.rng.chance(chanceWithin(rates.offline, seconds))) this.goOffline(this.holdMs());
    if (this.rng.chance(chanceWithin(rates.ipChange, seconds))) this.changeAddress();
  }

  /**
   * Drops the connection without DISCONNECT, as a box losing power or network does, so the broker publishes the
   * will; the box comes back after `awayMs`. Snapshots taken meanwhile wait for its next hello. False when the box
   * was not connected.
   */
  goOffline(awayMs: number): boolean {
    const client = this.client;
    if (!client || !this.online) return false;
    this.counters.offlineDrops++;
    // mqtt.js would reconnect after RECONNECT_MS: hold that off (its own reconnect only runs when the period is
    // above 0), and connect again by hand when the time is up; the outgoing store survives, nothing is ended.
    client.options.reconnectPeriod = 0;
    client.stream.destroy();
    this.later(awayMs, () => {
      client.options.reconnectPeriod = RECONNECT_MS;
      if (!client.connected && !this.stopped && client === this.client) client.connect();
    });
    return true;
  }

  /**
   * Moves the box to another address, as a 4G modem given a new IP does: the connection breaks (the broker
   * publishes the will) and mqtt.js reconnects from the new address. False when addresses cannot change here.
   */
  changeAddress(): boolean {
    if (!this.options.loopbackAliases) return false;
    this.localAddress = randomLoopbackAddress(this.rng);
    this.counters.ipChanges++;
    if (this.client?.connected) this.client.stream.destroy();
    return true;
  }

  /** How long an incident or an offline spell lasts: 30 s to 10 min, and at least three reports. */
  private holdMs(): number {
    return Math.max(3 * this.interval, this.rng.range(30, 600)) * 1000;
  }

  /** A client of the broker at `this.broker`; a client the box has left (leave()) no longer speaks for it. */
  private createClient(): MqttClient {
    // Our own stream builder: mqtt.js's TCP builder cannot choose the local address.
    const client = new MqttClient(() => connectTcp(this.broker, this.localAddress), mqttOptions(this.boxId, this.options.password));
    client.on('connect', () => {
      if (client === this.client) this.onConnect(client);
    });
    client.on('close', () => {
      if (client !== this.client) return;
      this.online = false;
      this.emit('close');
    });
    client.on('message', (topic, payload) => {
      if (client === this.client) this.onMessage(topic, payload);
    });
    client.on('error', (err) => {
      // Emitted before mqtt.js schedules the retry, so the slower period applies to it.
      if (err instanceof ErrorWithReasonCode && err.message.startsWith('Connection refused')) {
        this.counters.refused++;
        client.options.reconnectPeriod = REFUSED_RETRY_MS;
      }
      this.emit('clientError', err);
    });
    return client;
  }

  private onConnect(client: MqttClient): void {
    this.counters.connects++;
    this.online = true;
    client.options.reconnectPeriod = RECONNECT_MS;
    client.subscribe(`${TOPIC_ROOT}/${this.boxId}/down/#`, { qos: 1 });
    this.sendHello();
    if (this.booting) {
      this.booting = false;
      this.sendEvent('boot', `firmware ${this.fw}`);
      this.schedule(this.rng.range(0, this.interval));
    }
    for (const data of this.backlog.splice(0)) this.publishSnapshot(data);
    this.emit('connect');
  }

  /** Leaves the broker cleanly (stop(), a command): DISCONNECT, so no will (endCleanly). The box has no client afterwards. */
  private async leave(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.online = false;
    if (client?.connected) {
      await endCleanly(client);
      this.emit('close');
    } else client?.end(true);
  }

  /** Connects to `broker` (a command's); resolves once connected there, hello sent; never if the box leaves it first. */
  private connectTo(broker: BrokerAddress): Promise<void> {
    if (this.stopped) return new Promise(() => {});
    this.broker = broker;
    const client = (this.client = this.createClient());
    return new Promise((resolve) => {
      client.once('connect', () => {
        if (client === this.client) resolve();
      });
    });
  }

  private sendHello(): void {
    this.publish('hello', helloPayload(this.fw, this.iccid, this.radio.int(-105, -60), this.interval, this.controllers, this.broker));
  }

  private sendEvent(kind: BoxEventKind, detail: string): void {
    this.publish('event', { v: BOX_PROTOCOL_VERSION, ts: this.clock(), kind, detail } satisfies EventPayload);
  }

  /** Sets the seconds between reports (the `config` command): when they change, the next one an interval from now, and a hello. */
  private setInterval(seconds: number): boolean {
    if (seconds === this.interval) return false;
    this.interval = seconds;
    if (this.tickTimer) this.schedule(seconds);
    this.sendHello();
    return true;
  }

  /** Takes a snapshot of every controller; sends it now when online, else after the next hello. */
  private sendSnapshot(now: number): void {
    if (this.inflight + this.backlog.length >= MAX_BACKLOG) {
      this.counters.snapshotsSkipped++;
      return;
    }
    // Never two snapshots with the same ts: the server keeps one per (device, ts).
    const ts = Math.max(now, this.lastTs + 1);
    this.lastTs = ts;
    const c: DataPayload['c'] = {};
    // What the `config` command's deadband and registers let through (all of it until one sets them).
    for (const controller of this.controllers)
      c[String(controller.index)] = this.commands.report.apply(controller, controller.snapshot(), ts);
    const data: DataPayload = { v: BOX_PROTOCOL_VERSION, seq: ++this.seq, ts, c };
    this.emit('snapshot', data);
    if (this.online) this.publishSnapshot(data);
    else this.backlog.push(data);
  }

  private publishSnapshot(data: DataPayload): void {
    this.inflight++;
    this.counters.snapshotsSent++;
    this.publish('data', data, (err) => {
      this.inflight--;
      if (err) return;
      this.counters.snapshotsAcked++;
      if (this.options.trackAcks) {
        for (const index of Object.keys(data.c)) this.acked.push({ boxId: this.boxId, controller: Number(index), ts: data.ts });
      }
    });
  }

  private publish(kind: Exclude<UpKind, 'will'>, payload: object, done?: (err?: Error) => void): void {
    this.client?.publish(upTopic(this.boxId, kind), JSON.stringify(payload), { qos: 1 }, done);
  }

  private onMessage(topic: string, payload: Buffer): void {
    const message = parseDown(this.boxId, topic, payload);
    switch (message.kind) {
      case 'write': {
        this.onWrite(message.payload);
        return;
      }
      case 'cmd':
      case 'bad-cmd': {
        this.commands.take(message);
        return;
      }
      default:
        this.warn(`box ${this.boxId}: ignored a down message: ${message.problem}`);
    }
  }

  private onWrite(write: WritePayload): void {
    const controller = this.controller(write.controller);
    const reason = controller ? controller.write(write.register, write.values ?? [write.value], this.clock()) : 'no-controller';
    const ack: AckPayload = { v: BOX_PROTOCOL_VERSION, id: write.id, ok: reason === null, ...(reason ? { reason } : {}) };
    this.counters.writesAnswered++;
    this.publish('ack', ack);
  }

  /** The next snapshot in `firstSeconds`, then every interval. */
  private schedule(firstSeconds: number): void {
    if (this.tickTimer) clearTimeout(this.tickTimer);
    const run = (): void => {
      if (this.stopped) return;
      this.tickTimer = setTimeout(run, this.interval * 1000);
      this.tick();
    };
    this.tickTimer = setTimeout(run, firstSeconds * 1000);
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }
}
