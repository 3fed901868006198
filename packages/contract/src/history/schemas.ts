import { z } from 'zod';
import { pageQuery } from '../envelope.js';
import { mapEra } from '../controller-types/eras.js';
import { deviceFilter, faultRecord } from '../devices/schemas.js';

/** Longest time range one history or fault-record query may cover (a year and a day). */
export const MAX_RANGE_MS = 366 * 24 * 3_600_000;

const registersList = z
  .string({ error: 'validation.field.required' })
  .regex(/^\d{1,5}(,\d{1,5}){0,19}$/, 'validation.registers.list')
  .transform((s) => [...new Set(s.split(',').map(Number))]);
const time = z.coerce.number({ error: 'validation.field.number' }).int('validation.field.number').min(0, 'validation.field.number');
const checkRange = (v: { from: number; to: number }, ctx: z.RefinementCtx) => {
  if (v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range.order' });
  else if (v.to - v.from > MAX_RANGE_MS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range.tooLong' });
};

/**
 * History table (history/{tag_id}/{controller_id}): the snapshots of [from, to), newest first, a page at a time,
 * each with the raw words of the chosen registers (all registers when `registers` is left out).
 */
const historyFields = z.object({ from: time, to: time, registers: registersList.optional() });
export const historyQuery = pageQuery.extend(historyFields.shape).superRefine(checkRange);
/** The same without paging (the history export). */
export const historyFilter = historyFields.superRefine(checkRange);
export type HistoryQuery = z.input<typeof historyQuery>;
export const historyRow = z.object({ ts: z.number().int(), values: z.record(z.string(), z.number()) });
export type HistoryRow = z.infer<typeof historyRow>;
export const historyPage = z.object({ total: z.number().int(), items: z.array(historyRow) });
/**
 * The map eras [from, to) spans (controller-types/eras.ts), oldest first, so that each row of the history is read
 * with the map its values were read with; empty when the map in use covers it all.
 */
export const historyMapsQuery = z.object({ from: time, to: time }).superRefine(checkRange);
export const historyMaps = z.array(mapEra);
export type HistoryPage = z.infer<typeof historyPage>;

/** Candlestick periods (k-line/{tag_id}/{controller_id}). */
export const KLINE_PERIODS = ['hour', 'day'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];
export const KLINE_PERIOD_MS: Record<KlinePeriod, number> = { hour: 3_600_000, day: 86_400_000 };
/** Most candles one query returns. */
export const MAX_CANDLES = 2000;
/**
 * Candles of one register over [from, to) per hour or day. Buckets start at `from` (the console sends local
 * midnight), so days are the user's days. Raw words; the console scales by the register's decimals.
 */
export const klineQuery = z
  .object({ register: z.coerce.number().int().min(0).max(65_535), period: z.enum(KLINE_PERIODS).default('hour'), from: time, to: time })
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    if (v.to > v.from && (v.to - v.from) / KLINE_PERIOD_MS[v.period] > MAX_CANDLES)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range.tooManyCandles' });
  });
export type KlineQuery = z.input<typeof klineQuery>;
export const candle = z.object({
  t: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  n: z.number().int(),
});
export type Candle = z.infer<typeof candle>;
export const klineResult = z.object({ register: z.number().int(), periodMs: z.number().int(), candles: z.array(candle) });
export type KlineResult = z.infer<typeof klineResult>;

/**
 * All register values of a device at a moment (error-details/{tag_id}/{time}): the snapshot stored at `ts` or the
 * last one before it; a fault record's own snapshot when `record` is given.
 */
export const snapshotQuery = z.object({ at: time, record: z.coerce.number().int().positive().optional() });
export const snapshotResult = z.object({ ts: z.number().int().nullable(), values: z.record(z.string(), z.number()) });
export type SnapshotResult = z.infer<typeof snapshotResult>;

/** Fault and alert records across the user's devices (export-errors), newest first. */
const faultRecordFields = z.object({ from: time, to: time, kind: z.enum(['fault', 'alert']).optional(), q: deviceFilter.shape.q });
export const faultRecordsQuery = pageQuery.extend(faultRecordFields.shape).superRefine(checkRange);
/** The same without paging (the fault-record export). */
export const faultRecordsFilter = faultRecordFields.superRefine(checkRange);
export type FaultRecordsQuery = z.input<typeof faultRecordsQuery>;
export const faultRecordRow = faultRecord.extend({
  deviceId: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  company: z.string(),
  model: z.string(),
  typeId: z.number().int().nullable(),
  /** The bit's name in the request's language (from the controller type), or null when the type is unknown. */
  name: z.string().nullable(),
});
export type FaultRecordRow = z.infer<typeof faultRecordRow>;
export const faultRecordPage = z.object({ total: z.number().int(), items: z.array(faultRecordRow) });
export type FaultRecordPage = z.infer<typeof faultRecordPage>;
