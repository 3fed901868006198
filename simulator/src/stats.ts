/** What one box has done since it started. */
export interface BoxCounters {
  /** Snapshots published (each once, however often MQTT resent it). */
  snapshotsSent: number;
  /** Snapshots the broker acknowledged (PUBACK). */
  snapshotsAcked: number;
  /** Snapshots not taken because too many were still waiting for their PUBACK. */
  snapshotsSkipped: number;
  writesAnswered: number;
  /** Commands given their final answer (`done` or `failed`), each once; and of those, the `failed` ones. */
  commandsAnswered: number;
  commandsFailed: number;
  faultsRaised: number;
  alertsRaised: number;
  /** Connections dropped on purpose without DISCONNECT (the broker publishes the will). */
  offlineDrops: number;
  ipChanges: number;
  /** Successful connects (CONNACK accepted), the first one included. */
  connects: number;
  /** Connects the broker refused (bad credentials, unregistered box). */
  refused: number;
}

export function zeroCounters(): BoxCounters {
  return {
    snapshotsSent: 0,
    snapshotsAcked: 0,
    snapshotsSkipped: 0,
    writesAnswered: 0,
    commandsAnswered: 0,
    commandsFailed: 0,
    faultsRaised: 0,
    alertsRaised: 0,
    offlineDrops: 0,
    ipChanges: 0,
    connects: 0,
    refused: 0,
  };
}

const COUNTER_KEYS = Object.keys(zeroCounters()) as (keyof BoxCounters)[];

/** The whole fleet: the boxes' counters summed, and how many boxes there are and are connected now. */
export interface FleetStats extends BoxCounters {
  boxes: number;
  connected: number;
}

export function sumCounters(all: readonly BoxCounters[]): BoxCounters {
  const total = zeroCounters();
  for (const counters of all) for (const k of COUNTER_KEYS) total[k] += counters[k];
  return total;
}
