import type { FleetStats } from './stats.js';

/** The one-line status the CLI prints every few seconds; `previous` and `seconds` give the snapshot rate. */
export function statusLine(now: Date, stats: FleetStats, previous: FleetStats, seconds: number): string {
  const rate = seconds > 0 ? (stats.snapshotsSent - previous.snapshotsSent) / seconds : 0;
  const parts = [
    `connected ${stats.connected}/${stats.boxes}`,
    `${rate.toFixed(1)} snapshots/s`,
    `acked ${stats.snapshotsAcked}/${stats.snapshotsSent}`,
    `faults ${stats.faultsRaised}`,
    `alerts ${stats.alertsRaised}`,
    `offline ${stats.offlineDrops}`,
    `ip changes ${stats.ipChanges}`,
    `writes ${stats.writesAnswered}`,
  ];
  if (stats.snapshotsSkipped > 0) parts.push(`skipped ${stats.snapshotsSkipped}`);
  if (stats.refused > 0) parts.push(`refused ${stats.refused}`);
  return `${now.toTimeString().slice(0, 8)} ${parts.join(' | ')}`;
}
