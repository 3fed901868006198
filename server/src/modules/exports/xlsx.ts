import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The one way every .xlsx of the server is written (device, history and fault-record exports, box credentials):
 * - times are true date cells in the user's time zone (`yyyy-mm-dd hh:mm:ss`), the zone named in the header;
 * - calendar dates are date cells (`yyyy-mm-dd`), durations whole seconds as `[h]:mm:ss`;
 * - the header row is bold and frozen, and columns are as wide as their content (measured on the first rows).
 */

/** How a column's cells are written. A source hands: text/number as is, `time` epoch ms, `date` 'YYYY-MM-DD', `duration` ms. */
export type ColumnKind = 'text' | 'number' | 'time' | 'date' | 'duration';

export interface XlsxColumn {
  header: string;
  kind?: ColumnKind;
}

export type Cell = string | number | null;

export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
  /** The IANA zone `time` cells are written in (their header should name it: see `zoned`). */
  tz: string;
}

export const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
export const DATE_FORMAT = 'yyyy-mm-dd';
export const DURATION_FORMAT = '[h]:mm:ss';
/** Rows read before the header is written, to size the columns to their content (bounded: the rest streams). */
export const SIZING_ROWS = 500;
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;

const FORMAT: Partial<Record<ColumnKind, string>> = { time: TIME_FORMAT, date: DATE_FORMAT, duration: DURATION_FORMAT };

/** A time column's header naming the zone: "Time (Asia/Shanghai)". */
export function zoned(label: string, tz: string): string {
  return `${label} (${tz})`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/**
 * The wall-clock time of `ms` in `tz` as a Date whose UTC fields are that wall clock: what Excel (whose dates have
 * no zone) should show. Seconds are whole (an export's time is read to the second).
 */
export function wallClock(ms: number, tz: string): Date {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return new Date(Date.UTC(year, month - 1, day, hour === 24 ? 0 : hour, minute, second));
}

/** 'YYYY-MM-DD HH:mm:ss' of `ms` in `tz`: the same text the time cells show. */
export function formatWallClock(ms: number, tz: string): string {
  return wallClock(ms, tz).toISOString().slice(0, 19).replace('T', ' ');
}

/** A 'YYYY-MM-DD' calendar date as a date cell's value (midnight, no zone); null for anything else. */
function calendarDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The value written for one cell of a column. */
function valueOf(cell: Cell, kind: ColumnKind, tz: string): ExcelJS.CellValue {
  if (cell === null) return null;
  switch (kind) {
    case 'time':
      return typeof cell === 'number' ? wallClock(cell, tz) : cell;
    case 'date':
      return typeof cell === 'string' ? (calendarDate(cell) ?? cell) : cell;
    case 'duration':
      // Whole seconds, as a fraction of a day (Excel's durations).
      return typeof cell === 'number' ? Math.round(cell / 1000) / 86_400 : cell;
    default:
      return cell;
  }
}

/** How wide a text shows, in Excel's character units: CJK and full-width characters count twice. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
  return w;
}

/** How wide a cell shows, as its column writes it. */
function cellWidth(cell: Cell, kind: ColumnKind): number {
  if (cell === null) return 0;
  if (kind === 'time' && typeof cell === 'number') return TIME_FORMAT.length;
  if (kind === 'date' && typeof cell === 'string' && calendarDate(cell)) return DATE_FORMAT.length;
  if (kind === 'duration' && typeof cell === 'number') {
    const hours = Math.floor(Math.round(cell / 1000) / 3600);
    return String(hours).length + 6;
  }
  return displayWidth(String(cell));
}

/** Column widths fitting the header and the sampled rows (with a little padding), within bounds. */
export function columnWidths(columns: XlsxColumn[], sample: Cell[][]): number[] {
  return columns.map((c, i) => {
    const kind = c.kind ?? 'text';
    let w = displayWidth(c.header);
    for (const row of sample) w = Math.max(w, cellWidth(row[i] ?? null, kind));
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w + 2));
  });
}

/**
 * Writes one sheet to a file or stream with exceljs's streaming writer: the first SIZING_ROWS rows are held to
 * size the columns, the rest stream through. `onRow` runs after each row (progress; it may wait to let requests in).
 */
export async function writeSheet(
  out: { filename: string } | { stream: Writable },
  sheet: XlsxSheet,
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>,
  onRow?: (done: number) => void | Promise<void>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ ...out, useStyles: true });
  workbook.creator = 'Device monitoring system';
  const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  const kinds = sheet.columns.map((c) => c.kind ?? 'text');
  let done = 0;
  // Whether the header is written (an object: `start` sets it from within a closure).
  const state = { started: false };
  const sample: Cell[][] = [];

  const add = async (row: Cell[]) => {
    const r = ws.addRow(row.map((cell, i) => valueOf(cell, kinds[i] ?? 'text', sheet.tz)));
    kinds.forEach((kind, i) => {
      const fmt = FORMAT[kind];
      if (fmt) r.getCell(i + 1).numFmt = fmt;
    });
    r.commit();
    done += 1;
    await onRow?.(done);
  };
  const start = async () => {
    state.started = true;
    const widths = columnWidths(sheet.columns, sample);
    ws.columns = sheet.columns.map((c, i) => ({ header: c.header, width: widths[i] ?? 16 }));
    const header = ws.getRow(1);
    header.font = { bold: true };
    header.commit();
    for (const row of sample.splice(0)) await add(row);
  };

  for await (const row of rows) {
    if (state.started) await add(row);
    else {
      sample.push(row);
      if (sample.length >= SIZING_ROWS) await start();
    }
  }
  if (!state.started) await start();
  ws.commit();
  await workbook.commit();
}

/** One sheet as an in-memory .xlsx (small files such as the box credentials). */
export async function sheetBuffer(sheet: XlsxSheet, rows: Iterable<Cell[]>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    stream.once('end', resolve);
    stream.once('error', reject);
  });
  await writeSheet({ stream }, sheet, rows);
  await ended;
  return Buffer.concat(chunks);
}
