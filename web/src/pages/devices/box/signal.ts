/**
 * A box's signal as a strength from 0 to 100 % and 0-5 bars. Boxes report dBm in their hello (-113..-51, docs/
 * box-protocol.md); some report the modem's CSQ (0-31, 99 = unknown). Null when unknown.
 */
export type SignalReading = { kind: 'dbm' | 'csq'; raw: number; percent: number; bars: number } | null;

export function readSignal(signal: number | null): SignalReading {
  if (signal === null || signal === 99) return null;
  let percent: number;
  let kind: 'dbm' | 'csq';
  if (signal < 0) {
    kind = 'dbm';
    percent = ((Math.min(-51, Math.max(-113, signal)) + 113) / 62) * 100;
  } else if (signal <= 31) {
    kind = 'csq';
    percent = (signal / 31) * 100;
  } else {
    return null;
  }
  const rounded = Math.round(percent);
  return { kind, raw: signal, percent: rounded, bars: rounded === 0 ? 0 : Math.min(5, Math.ceil(rounded / 20)) };
}
