import { randomUUID } from 'node:crypto';
import { BOX_PROTOCOL_VERSION, Code, type AckPayload, type CommandPayload, type DownKind, type WriteOutcome } from '@dms/contract';
import { AppError } from '../errors.js';
import type { Registry } from './registry.js';
import type { DeviceState } from './state.js';

/** How ingest reaches the boxes: the embedded broker or the external one. */
export interface BoxLink {
  publish(boxId: number, kind: DownKind, payload: object): Promise<void>;
}

export interface WriteOutcomeResult {
  id: string;
  outcome: WriteOutcome;
  reason: string | null;
}

interface Pending {
  boxId: number;
  done: (result: WriteOutcomeResult) => void;
}

/**
 * Commands down to the boxes and their acknowledgements: each command carries an id, and waits for the box's ack of
 * that id or the timeout. Register writes wait here; the other commands (`send`) are tracked by modules/smartbox.
 */
export class BoxCommands {
  private link: BoxLink | null = null;
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly registry: Registry,
    private readonly timeoutMs: number,
  ) {}

  attach(link: BoxLink): void {
    this.link = link;
  }

  /**
   * Sends a register write and waits for the box's answer, or the timeout. Refuses at once when the box is offline.
   * One word goes as `value`; the two words of a 32-bit register as `values`, which the box writes in one bus
   * transaction (Modbus function 16), so the controller never holds half a new value (docs/box-protocol.md).
   */
  async write(device: DeviceState, register: number, words: readonly number[]): Promise<WriteOutcomeResult> {
    const box = this.registry.box(device.boxId);
    const link = this.link;
    if (!box?.online || !link) throw new AppError(Code.DEVICE_OFFLINE, 'error.deviceOffline');
    const target = { controller: device.controller, register };
    return this.request(
      link,
      box.boxId,
      'write',
      words.length === 1 ? { ...target, value: words[0] as number } : { ...target, values: [...words] },
    );
  }

  /** Publishes a command to a box that is online (its reply is the box-commands area's); false when it is not. */
  async send(boxId: number, command: CommandPayload): Promise<boolean> {
    const link = this.link;
    if (!this.registry.box(boxId)?.online || !link) return false;
    await link.publish(boxId, 'cmd', command);
    return true;
  }

  /** A box's ack: settles the command it answers. False when no command of that box waits for it. */
  acknowledge(boxId: number, ack: AckPayload): boolean {
    const pending = this.pending.get(ack.id);
    if (!pending || pending.boxId !== boxId) return false;
    pending.done({ id: ack.id, outcome: ack.ok ? 'acknowledged' : 'rejected', reason: ack.reason ?? null });
    return true;
  }

  /** The server stops: every command still waiting has timed out. */
  close(): void {
    for (const [, p] of this.pending) p.done({ id: '', outcome: 'timed_out', reason: null });
    this.pending.clear();
  }

  /** Publishes one command with a new id and waits for its ack, or the timeout. */
  private async request(link: BoxLink, boxId: number, kind: DownKind, body: object): Promise<WriteOutcomeResult> {
    const id = `w-${randomUUID()}`;
    const result = new Promise<WriteOutcomeResult>((resolve) => {
      const timer = setTimeout(() => {
        done({ id, outcome: 'timed_out', reason: null });
      }, this.timeoutMs);
      const done = (r: WriteOutcomeResult) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(r);
      };
      this.pending.set(id, { boxId, done });
    });
    try {
      await link.publish(boxId, kind, { v: BOX_PROTOCOL_VERSION, id, ...body });
    } catch (err) {
      this.pending.get(id)?.done({ id, outcome: 'timed_out', reason: null });
      throw err;
    }
    return result;
  }
}
