import { message, type Language, type MessageKey } from '@dms/contract';
import type { ExportSource } from '../exports/service.js';
import { zoned, type XlsxColumn } from '../exports/xlsx.js';
import type { EventLogService } from './log.js';

const COLUMNS: ReadonlyArray<[MessageKey, XlsxColumn['kind']]> = [
  ['event.column.boxId', 'text'],
  ['event.column.controller', 'text'],
  ['event.column.company', 'text'],
  ['event.column.rule', 'text'],
  ['event.column.version', 'text'],
  ['event.column.severity', 'text'],
  ['event.column.text', 'text'],
  ['event.column.start', 'time'],
  ['event.column.end', 'time'],
  ['event.column.duration', 'duration'],
  ['event.column.startValue', 'text'],
  ['event.column.peak', 'text'],
  ['event.column.unit', 'text'],
  ['event.column.ackBy', 'text'],
  ['event.column.ackAt', 'time'],
  ['event.column.assignee', 'text'],
  ['event.column.comments', 'text'],
];

/**
 * The events export (kind `events`, from /events/events-log): the log's filter, newest first, one row an event with
 * its times in the user's zone (end empty while in progress), its values as the viewer may read them and its comments.
 */
export function eventsSource(log: EventLogService): ExportSource<'events'> {
  return async (auth, body, lang: Language) => ({
    fileName: 'events',
    sheet: message(lang, 'event.sheet'),
    columns: COLUMNS.map(([key, kind]) => ({ header: kind === 'time' ? zoned(message(lang, key), body.tz) : message(lang, key), kind })),
    total: await log.count(body.filter),
    rows: async function* () {
      for await (const rows of log.all(auth, body.filter, lang)) {
        for (const r of rows) {
          yield [
            r.boxId,
            r.controller,
            r.company,
            r.ruleName,
            r.ruleVersion,
            message(lang, `event.severity.${r.severity}`),
            r.text,
            r.startedAt,
            r.endedAt,
            r.endedAt === null ? null : r.endedAt - r.startedAt,
            r.startValue,
            r.peak,
            r.unit,
            r.ackBy,
            r.ackAt,
            r.assignee,
            r.comments.map((c) => `${c.by}: ${c.text}`).join('\n'),
          ];
        }
      }
    },
  });
}
