import type { ReplyPayload, Severity, SpecificStatus } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceState } from './state.js';

/**
 * What ingest tells the rest of the server, and its pieces one another. The realtime hub listens to values and status;
 * the bus (plugins/ingest.ts) carries condition and status changes and rule events out to notifications. Box commands (modules/smartbox) listen to hellos and replies.
 */
export interface IngestEvents {
  /**
   * New latest values of a device (snapshots.ts). `remote`: of a box another instance owns, as it told this one
   * (replica.ts): for this instance's consoles only, nothing else acts on it.
   */
  values: { device: DeviceState; ts: number; vals: Uint8Array; remote?: true };
  /** A device's status changed (status.ts); `remote` as for `values`. */
  status: { device: DeviceState; from: SpecificStatus; to: SpecificStatus; time: number; remote?: true };
  /** A device's fault or alert changed, after its status followed (conditions.ts). */
  condition: { device: DeviceState; time: number };
  /** A device was seen for the first time and stored; `reached`: the users who reach it now (provisioning.ts). */
  provisioned: { device: DeviceState; reached: number[]; remote?: true };
  /** An event rule's event started or ended on a device, once it is stored (rules.ts). */
  ruleEvent: { device: DeviceState; ruleId: number; eventId: number; phase: 'started' | 'ended'; severity: Severity; time: number };
  /** A box said hello: its controllers' devices exist and what it reported about itself is stored (provisioning.ts). */
  hello: { boxId: number; iccid: string; time: number };
  /** A box answered a command (`up/reply`, checked); modules/smartbox knows the command, or counts it unknown. */
  reply: { boxId: number; reply: ReplyPayload; time: number };
}

export type IngestListener<K extends keyof IngestEvents> = (event: IngestEvents[K]) => void;

/** Typed listeners per event; one that throws is logged and the others still run. */
export class IngestBus {
  private readonly listeners: { [K in keyof IngestEvents]: Set<IngestListener<K>> } = {
    values: new Set(),
    status: new Set(),
    condition: new Set(),
    provisioned: new Set(),
    hello: new Set(),
    ruleEvent: new Set(),
    reply: new Set(),
  };

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends keyof IngestEvents>(event: K, listener: IngestListener<K>): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  emit<K extends keyof IngestEvents>(event: K, payload: IngestEvents[K]): void {
    for (const l of this.listeners[event]) {
      try {
        l(payload);
      } catch (err) {
        this.log.error({ err, event }, 'ingest listener failed');
      }
    }
  }
}
