import { message, type Language, type MessageKey } from '@dms/contract';
import type { ExportSource } from '../exports/service.js';
import { zoned, type XlsxColumn } from '../exports/xlsx.js';
import type { NoticeService } from './service.js';

const COLUMNS: ReadonlyArray<[MessageKey, XlsxColumn['kind']]> = [
  ['notice.column.time', 'time'],
  ['notice.column.channel', 'text'],
  ['notice.column.target', 'text'],
  ['notice.column.user', 'text'],
  ['notice.column.box', 'text'],
  ['notice.column.kind', 'text'],
  ['notice.column.attempt', 'text'],
  ['notice.column.outcome', 'text'],
  ['notice.column.error', 'text'],
];

/** The delivery log's export (kind `deliveries`, root): the log's filter, newest first, one row an attempt. */
export function deliveriesSource(notice: NoticeService): ExportSource<'deliveries'> {
  return async (auth, body, lang: Language) => {
    const rows = notice.all(auth, body.filter);
    const first = await rows.next(); // checks root's right before the job starts
    return {
      fileName: 'notification-deliveries',
      sheet: message(lang, 'notice.sheet'),
      columns: COLUMNS.map(([key, kind]) => ({ header: kind === 'time' ? zoned(message(lang, key), body.tz) : message(lang, key), kind })),
      total: await notice.count(body.filter),
      rows: async function* () {
        for (let page = first; !page.done; page = await rows.next())
          for (const r of page.value)
            yield [
              r.time,
              message(lang, `notice.channel.${r.channel}`),
              r.target,
              r.username,
              r.boxId === null ? null : `${r.boxId}-${r.controller}`,
              r.kind === null ? null : message(lang, `notify.kind.${r.kind}` as MessageKey),
              r.attempt,
              message(lang, `notice.outcome.${r.outcome}`),
              r.error,
            ];
      },
    };
  };
}
