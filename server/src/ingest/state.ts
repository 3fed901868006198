import {
  ACTIVE_FAULTS_SHOWN,
  wordAddresses,
  type ControllerKind,
  type ControllerTypeDetail,
  type TransitionFault,
  type RegisterDef,
  type Severity,
  type SpecificStatus,
} from '@dms/contract';
import type { Values } from './codec.js';
import type { TokenBucket } from './stats.js';

/** What ingest needs of a controller type: registers by number, and the bit registers that mean fault or alert. */
export interface TypeMap {
  id: number;
  code: string;
  kind: ControllerKind;
  registers: Map<number, RegisterDef>;
  /** Every word address the map reads: each register's number, and the next one of a register of two words. */
  addresses: Set<number>;
  conditionRegisters: RegisterDef[];
}

export function typeMap(type: ControllerTypeDetail): TypeMap {
  return {
    id: type.id,
    code: type.code,
    kind: type.kind,
    registers: new Map(type.registers.map((r) => [r.number, r])),
    addresses: new Set(type.registers.flatMap(wordAddresses)),
    conditionRegisters: type.registers.filter((r) => r.bits?.some((b) => b.severity !== 'info')),
  };
}

/** An active fault or alert bit, and the fault record it opened. */
export interface ActiveBit {
  kind: 'fault' | 'alert';
  register: number;
  bit: number;
  recordId: number | null;
}

export interface DeviceState {
  id: number;
  boxId: number;
  controller: number;
  ownerId: number;
  type: TypeMap | null;
  typeCode: string | null;
  online: boolean;
  fault: boolean;
  alert: boolean;
  status: SpecificStatus;
  latestTs: number | null;
  latest: Values;
  /** `${register}:${bit}` → the active bit. */
  activeBits: Map<string, ActiveBit>;
  /** Rule id → the severity of that rule's event in progress on this device (rules.ts). */
  ruleEvents: Map<number, Severity>;
}

export interface BoxState {
  boxId: number;
  ownerId: number;
  secretHash: string;
  ip: string | null;
  online: boolean;
  /** Last message time (ms); null when never seen. */
  lastSeen: number | null;
  /** Whether lastSeen changed since it was last written to the database. */
  seenDirty: boolean;
  bucket: TokenBucket;
  devices: Map<number, DeviceState>;
  /** The CK code it carries (the box-CK table): it may limit the types its devices take. */
  ck: string | null;
  /** Seconds between its reports, as its last hello said; null: never said. It lengthens its heartbeat timeout. */
  interval: number | null;
  /** Whether its last snapshot was stamped beyond CLOCK_SKEW_S ahead (logged when it changes); unset: not yet known. */
  clockAhead?: boolean;
  /** Whether this instance owns it, as of the members' `epoch` (IngestService.owns); unset: not asked yet. */
  owned?: { epoch: number; mine: boolean };
}

/**
 * A device's active faults and alerts from ingest's memory that `shows` lets through (by register: what the viewer's
 * template reads), newest first, named in every language (live events).
 */
export function liveFaults(device: DeviceState, shows: (register: number) => boolean): TransitionFault[] {
  const out: TransitionFault[] = [];
  for (const b of [...device.activeBits.values()].reverse()) {
    if (out.length >= ACTIVE_FAULTS_SHOWN) break;
    if (!shows(b.register)) continue;
    const name = device.type?.registers.get(b.register)?.bits?.find((x) => x.bit === b.bit)?.name;
    const fallback = `#${b.register}.${b.bit}`;
    out.push({ kind: b.kind, name: name ?? { en: fallback, zh: fallback, es: fallback, ja: fallback } });
  }
  return out;
}
