import { createHash } from 'node:crypto';
import {
  BOX_PROTOCOL_VERSION,
  rawFromWords,
  wordAddresses,
  type BoxCommandName,
  type ClearFaultsArgs,
  type CommandFailReason,
  type CommandPayload,
  type CommandStage,
  type ConfigArgs,
  type FirmwareArgs,
  type ReplyPayload,
  type ServerArgs,
} from '@dms/contract';
import { REBOOT_MS, type BoxOptions } from './box-options.js';
import type { SimController } from './controller.js';
import type { DownMessage } from './down.js';
import type { BoxCounters } from './stats.js';
import { serverAddress, showAddress, type BrokerAddress } from './transport.js';

/** How many commands a box remembers, with their final answers (docs/box-protocol.md: at least 64). */
export const COMMAND_MEMORY = 64;
/** Longest a firmware download may take before it counts as failed. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** Longest `detail` of a reply. */
const DETAIL_MAX = 500;
/** Every register is sent at least this often, whatever the deadband. */
const REPORT_AT_LEAST_MS = 3_600_000;
/** The commands that take the box's connection or firmware: one at a time, another one meanwhile is `busy`. */
const EXCLUSIVE: ReadonlySet<BoxCommandName> = new Set(['firmware', 'server', 'reboot']);
/** The failures a firmware update meets at a step of its own (any other one it meets at once). */
const FIRMWARE_STEP_FAULTS: ReadonlySet<CommandFailReason> = new Set([
  'download-failed',
  'size-mismatch',
  'checksum-mismatch',
  'install-failed',
]);

/** What the commands need of their box (box.ts). */
export interface CommandHost {
  readonly boxId: number;
  readonly controllers: readonly SimController[];
  readonly counters: BoxCounters;
  /** The firmware version running, and the address of the broker the box is at. */
  fw(): string;
  broker(): BrokerAddress;
  readonly clock: () => number;
  readonly log: (line: string) => void;
  readonly warn: (line: string) => void;
  /** Publishes an `up/reply` (QoS 1). */
  publishReply(reply: ReplyPayload): void;
  /** Sets the seconds between reports: when they change, the next report one interval from now and a hello. */
  setInterval(seconds: number): boolean;
  /** Leaves the broker cleanly: DISCONNECT, so no will. */
  disconnect(): Promise<void>;
  /** Powers the box off (its reports stop until the next connect, which reports the boot), with firmware `fw` from then on. */
  restart(fw?: string): void;
  /** Connects to `to`; resolves once connected there and the hello is out (never, if the box gives up on it first). */
  connect(to: BrokerAddress): Promise<void>;
}

/** A reply of some state: what follows `v`, `id` and `state`. */
type ReplyRest = Omit<ReplyPayload, 'v' | 'id' | 'state'>;

/**
 * The box's side of `down/cmd` (docs/box-protocol.md, Commands): it runs each command once (a repeated id is
 * answered with its final reply, or not at all while it runs), answers in `up/reply`, and fails where a test told it
 * to (`fail`): a firmware update at the step that fails (`download-failed` at downloading, `size-mismatch` and
 * `checksum-mismatch` at verifying, the image then cut short or corrupted, `install-failed` at updating), a move to
 * another server by never reaching it (`unreachable`, then back after its fallback time), anything else at once.
 */
export class Commands {
  /** What the box reports, as `config` commands set it. */
  readonly report = new ReportFilter();
  /** Command id → its final reply, or null while it runs; the oldest first. */
  private readonly answered = new Map<string, ReplyPayload | null>();
  private readonly faults: Map<BoxCommandName, CommandFailReason>;
  private exclusive: BoxCommandName | null = null;
  private readonly stopping = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();

  /** The box's credentials (a firmware download sends them), failures (`commandFaults`) and timing. */
  constructor(
    private readonly host: CommandHost,
    private readonly options: Pick<BoxOptions, 'password' | 'commandFaults' | 'rebootMs' | 'fallbackSecondMs'>,
  ) {
    this.faults = new Map(Object.entries(options.commandFaults ?? {}) as Array<[BoxCommandName, CommandFailReason]>);
  }

  /** From now on `cmd` fails with `reason` (null: runs again). */
  fail(cmd: BoxCommandName, reason: CommandFailReason | null): void {
    if (reason) this.faults.set(cmd, reason);
    else this.faults.delete(cmd);
  }

  /** The box stops: a download under way is dropped, nothing more is answered. */
  stop(): void {
    this.stopping.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Takes a `down/cmd` (down.ts has read it): runs it, or answers it from memory when its id was seen. */
  take(message: Extract<DownMessage, { kind: 'cmd' | 'bad-cmd' }>): void {
    const { log, boxId } = this.host;
    const id = message.kind === 'cmd' ? message.payload.id : message.id;
    if (this.answered.has(id)) {
      const final = this.answered.get(id);
      log(`box ${boxId}: command ${id} again: ${final ? `answered ${final.state} again, not run again` : 'still at work'}`);
      if (final) this.host.publishReply(final);
      return;
    }
    this.remember(id, null);
    if (message.kind === 'bad-cmd') {
      this.host.warn(`box ${boxId}: command ${id} refused (${message.reason}): ${message.problem}`);
      this.finish(id, 'failed', { reason: message.reason, detail: message.problem });
      return;
    }
    this.run(message.payload).catch((err: unknown) => {
      // Nothing in run() should throw; if something does, the command still gets a final answer.
      this.host.warn(`box ${boxId}: command ${id}: ${String(err)}`);
      this.failed(id, 'unsupported', `simulator error: ${String(err)}`);
    });
  }

  private async run(command: CommandPayload): Promise<void> {
    const { id, cmd } = command;
    const { log, boxId } = this.host;
    if (this.host.clock() > command.expires) {
      this.failed(id, 'expired', `expired at ${new Date(command.expires).toISOString()}`);
      return;
    }
    if (EXCLUSIVE.has(cmd) && this.exclusive) {
      this.failed(id, 'busy', `a ${this.exclusive} command is under way`);
      return;
    }
    const injected = this.faults.get(cmd);
    const atItsStep = cmd === 'firmware' ? injected && FIRMWARE_STEP_FAULTS.has(injected) : cmd === 'server' && injected === 'unreachable';
    if (injected && !atItsStep) {
      this.failed(id, injected, `simulated failure (${injected})`);
      return;
    }
    log(`box ${boxId}: command ${cmd} ${id} ${JSON.stringify(command.args)}`);
    if (!EXCLUSIVE.has(cmd)) {
      if (command.cmd === 'config') this.config(id, command.args);
      else if (command.cmd === 'clear-faults') this.clearFaults(id, command.args);
      return;
    }
    this.exclusive = cmd;
    try {
      if (command.cmd === 'firmware') await this.firmware(id, command.args, injected);
      else if (command.cmd === 'server') await this.server(id, command.args, injected === 'unreachable');
      else if (command.cmd === 'reboot') await this.reboot(id);
    } finally {
      this.exclusive = null;
    }
  }

  /** Applies the upload settings; the next snapshot reports with them. */
  private config(id: string, args: ConfigArgs): void {
    const applied: string[] = [];
    if (args.interval !== undefined && this.host.setInterval(args.interval)) applied.push(`interval=${args.interval}`);
    if (args.deadband !== undefined) applied.push(`deadband=${args.deadband}`);
    if (args.registers !== undefined) applied.push(`registers=${args.registers.length === 0 ? 'all' : args.registers.join(',')}`);
    this.report.configure(args);
    this.host.log(`box ${this.host.boxId}: config ${applied.join(' ') || 'unchanged'}`);
    this.finish(id, 'done');
  }

  private clearFaults(id: string, args: ClearFaultsArgs): void {
    const targets = this.host.controllers.filter((c) => args.controller === undefined || c.index === args.controller);
    if (targets.length === 0) {
      this.failed(id, 'bad-args', `no controller ${args.controller ?? ''} on this box`);
      return;
    }
    const cleared = targets.reduce((sum, c) => sum + c.clearFaults(), 0);
    const which = args.controller === undefined ? 'every controller' : `controller ${args.controller}`;
    this.host.log(`box ${this.host.boxId}: cleared ${cleared} latched fault(s) of ${which}`);
    this.finish(id, 'done');
  }

  private async reboot(id: string): Promise<void> {
    this.reply(id, 'accepted');
    this.host.log(`box ${this.host.boxId}: rebooting`);
    await this.powerCycle();
    this.finish(id, 'done');
  }

  /** Away cleanly, off for a moment (coming back with `fw`), connected again where it was: resolves once the hello is out. */
  private async powerCycle(fw?: string): Promise<void> {
    await this.host.disconnect();
    this.host.restart(fw);
    await this.sleep(this.options.rebootMs ?? REBOOT_MS);
    await this.host.connect(this.host.broker());
  }

  /** Away cleanly to the new address; `done` once connected there, or after `fallback` s back at the old one and `failed`. */
  private async server(id: string, args: ServerArgs, unreachable: boolean): Promise<void> {
    const { log, boxId } = this.host;
    const from = this.host.broker();
    const to = serverAddress(args.url);
    this.reply(id, 'accepted');
    log(`box ${boxId}: moving from ${showAddress(from)} to ${showAddress(to)} (back after ${args.fallback} s without a connection)`);
    await this.host.disconnect();
    // `unreachable` (a test's failure): it never gets through, as to an address that does not answer.
    const arrived = unreachable ? new Promise<never>(() => {}) : this.host.connect(to);
    const timeUp = this.sleep(args.fallback * (this.options.fallbackSecondMs ?? 1000));
    if (await Promise.race([arrived.then(() => true), timeUp.then(() => false)])) {
      timeUp.cancel();
      log(`box ${boxId}: moved to ${showAddress(to)}`);
      this.finish(id, 'done');
      return;
    }
    log(`box ${boxId}: could not reach ${showAddress(to)} within ${args.fallback} s, going back to ${showAddress(from)}`);
    await this.host.disconnect();
    await this.host.connect(from);
    this.failed(id, 'unreachable', `could not connect to ${args.url} within ${args.fallback} s`);
  }

  /** Resolves after `ms` (never, once the box stopped); `cancel` drops the timer. */
  private sleep(ms: number): Promise<void> & { cancel(): void } {
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        if (timer) this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
    return Object.assign(done, {
      cancel: () => {
        clearTimeout(timer);
        if (timer) this.timers.delete(timer);
      },
    });
  }

  /** Downloads, verifies, installs, reboots; on any failure the old firmware runs on. */
  private async firmware(id: string, args: FirmwareArgs, injected: CommandFailReason | undefined): Promise<void> {
    const { log, boxId } = this.host;
    this.reply(id, 'accepted');
    this.progress(id, 'downloading');
    if (injected === 'download-failed') {
      this.failed(id, 'download-failed', 'simulated download failure');
      return;
    }
    const got = await this.download(args);
    if (this.stopping.signal.aborted) return;
    if (typeof got === 'string') {
      log(`box ${boxId}: firmware ${args.version}: download failed: ${got}`);
      this.failed(id, 'download-failed', got);
      return;
    }
    this.progress(id, 'verifying');
    let image = got;
    if (injected === 'size-mismatch') image = image.subarray(0, image.length - 1);
    if (injected === 'checksum-mismatch' && image.length > 0) {
      image = Buffer.from(image);
      image[0] = (image[0] ?? 0) ^ 0xff;
    }
    if (image.length !== args.size) {
      const read = image.length > args.size ? 'more than that' : `only ${image.length}`;
      this.failed(id, 'size-mismatch', `${args.size} bytes expected, ${read}`);
      return;
    }
    const sha256 = createHash('sha256').update(image).digest('hex');
    if (sha256 !== args.sha256) {
      this.failed(id, 'checksum-mismatch', `sha256 ${sha256}, expected ${args.sha256}`);
      return;
    }
    this.progress(id, 'updating');
    if (injected === 'install-failed') {
      this.failed(id, 'install-failed', 'simulated install failure');
      return;
    }
    log(`box ${boxId}: firmware ${args.version} verified (${image.length} bytes), installing and rebooting`);
    await this.powerCycle(args.version);
    this.finish(id, 'done', { fw: this.host.fw() });
  }

  /** GET the image with the box's credentials (Basic); its bytes (read no further once past `size`), or what went wrong. */
  private async download(args: FirmwareArgs): Promise<Buffer | string> {
    const credentials = Buffer.from(`${this.host.boxId}:${this.options.password}`).toString('base64');
    const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]);
    try {
      const response = await fetch(args.url, { headers: { Authorization: `Basic ${credentials}` }, signal });
      if (!response.ok) {
        await response.body?.cancel();
        return `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${args.url}`;
      }
      const chunks: Uint8Array[] = [];
      let length = 0;
      // The body's chunks are bytes (undici types the stream's chunks as any).
      const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
      for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
        chunks.push(read.value);
        length += read.value.length;
        // More than announced is a size mismatch, whatever follows: no need to read it.
        if (length > args.size) {
          await reader.cancel();
          break;
        }
      }
      return Buffer.concat(chunks);
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      return `GET ${args.url}: ${err instanceof Error ? err.message : String(err)}${cause}`;
    }
  }

  private progress(id: string, stage: CommandStage): void {
    this.reply(id, 'progress', { stage });
  }

  private failed(id: string, reason: CommandFailReason, detail: string): void {
    this.finish(id, 'failed', { reason, detail });
  }

  /** Sends the final reply of a command, and remembers it for a repeat of its id. */
  private finish(id: string, state: 'done' | 'failed', rest: ReplyRest = {}): void {
    if (this.stopping.signal.aborted) return;
    const reply = this.reply(id, state, rest);
    this.remember(id, reply);
    this.host.counters.commandsAnswered++;
    if (state === 'failed') this.host.counters.commandsFailed++;
    if (state === 'failed' && rest.reason !== 'bad-args' && rest.reason !== 'unsupported') {
      this.host.log(`box ${this.host.boxId}: command ${id} failed (${rest.reason ?? ''}): ${rest.detail ?? ''}`);
    }
  }

  private reply(id: string, state: ReplyPayload['state'], rest: ReplyRest = {}): ReplyPayload {
    const detail = rest.detail === undefined ? {} : { detail: rest.detail.slice(0, DETAIL_MAX) };
    const reply: ReplyPayload = { v: BOX_PROTOCOL_VERSION, id, state, ...rest, ...detail };
    if (!this.stopping.signal.aborted) this.host.publishReply(reply);
    return reply;
  }

  private remember(id: string, reply: ReplyPayload | null): void {
    this.answered.delete(id);
    this.answered.set(id, reply);
    for (const old of this.answered.keys()) {
      if (this.answered.size <= COMMAND_MEMORY) break;
      this.answered.delete(old);
    }
  }
}

/** A register's raw value when it was last sent, and the time of that snapshot. */
interface SentValue {
  raw: number | undefined;
  at: number;
}

/**
 * What the box reports of its controllers' registers, as the `config` command set it: only `registers` (none given
 * or empty: all of the map), and with a deadband only a register whose raw value moved by more than it since it was
 * last sent, or that was last sent an hour ago. A register's words go together: both of a two-word register or none.
 */
export class ReportFilter {
  private deadband: number | null = null;
  private only: ReadonlySet<number> | null = null;
  /** Controller index → register number → its raw value and the snapshot time when it was last sent. */
  private readonly sent = new Map<number, Map<number, SentValue>>();

  configure(args: ConfigArgs): void {
    if (args.deadband !== undefined) this.deadband = args.deadband;
    if (args.registers !== undefined) this.only = args.registers.length > 0 ? new Set(args.registers) : null;
  }

  /** The words of one controller's snapshot (word address → word) that go out in a snapshot taken at `ts`. */
  apply(controller: SimController, words: Record<string, number>, ts: number): Record<string, number> {
    if (this.deadband === null && this.only === null) return words;
    let sent = this.sent.get(controller.index);
    if (!sent) this.sent.set(controller.index, (sent = new Map<number, SentValue>()));
    const out: Record<string, number> = {};
    for (const def of controller.type.registers) {
      const addresses = wordAddresses(def);
      if (this.only && !addresses.some((a) => this.only?.has(a))) continue;
      const raw = rawFromWords(def, words[def.number], def.words === 2 ? words[def.number + 1] : undefined);
      const last = sent.get(def.number);
      // Bits (faults, alerts, states) go on every change: a deadband is for measurements.
      const band = this.deadband === null ? null : def.format === 'bits' ? 0 : this.deadband;
      const moved = !last || raw === undefined || last.raw === undefined || band === null || Math.abs(raw - last.raw) > band;
      if (!moved && ts - last.at < REPORT_AT_LEAST_MS) continue;
      sent.set(def.number, { raw, at: ts });
      for (const a of addresses) {
        const word = words[a];
        if (word !== undefined) out[a] = word;
      }
    }
    return out;
  }
}
