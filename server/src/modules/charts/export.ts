import { message, STOP_STATES, type Language, type MessageKey } from '@dms/contract';
import type { ExportSource } from '../exports/service.js';
import type { XlsxColumn } from '../exports/xlsx.js';
import type { DeviceCharts } from './device-charts.js';

/** A day's start as its calendar date in the zone (YYYY-MM-DD). */
function dayIn(ms: number, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/**
 * The utilisation export (kind `utilisation`, from a device's stop-status chart): one row a day, its utilisation in
 * percent and its time in each state (durations), read with the same checks as the screen.
 */
export function utilisationSource(charts: DeviceCharts): ExportSource<'utilisation'> {
  return async (auth, body, lang: Language) => {
    const f = body.filter;
    const { days } = await charts.utilisation(auth, f.chartId, f.boxId, f.controller, f.from, f.days);
    const columns: XlsxColumn[] = [
      { header: message(lang, 'chart.column.day'), kind: 'date' },
      { header: message(lang, 'chart.column.utilisation'), kind: 'number' },
      ...STOP_STATES.map((s): XlsxColumn => ({ header: message(lang, `chart.state.${s}` as MessageKey), kind: 'duration' })),
    ];
    return {
      fileName: `utilisation-${f.boxId}-${f.controller}`,
      sheet: message(lang, 'chart.sheet'),
      columns,
      total: days.length,
      rows: function* () {
        for (const d of days) yield [dayIn(d.from, body.tz), Math.round(d.utilisation * 1000) / 10, ...STOP_STATES.map((s) => d.totals[s])];
      },
    };
  };
}
