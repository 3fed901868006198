import { canAccess, message, type Language, type MessageKey } from '@dms/contract';
import { forbidden } from '../../errors.js';
import type { ExportSource } from '../exports/service.js';
import type { XlsxColumn } from '../exports/xlsx.js';
import type { IotCardService } from './service.js';

const COLUMNS: ReadonlyArray<[MessageKey, XlsxColumn['kind']]> = [
  ['iotCard.column.box', 'text'],
  ['iotCard.column.devices', 'text'],
  ['iotCard.column.company', 'text'],
  ['iotCard.column.iccid', 'text'],
  ['iotCard.column.provider', 'text'],
  ['iotCard.column.expiry', 'text'],
  ['iotCard.column.daysLeft', 'number'],
];

/** The expired-device list's export (kind `iot-cards`): one month's cards the user sees, as the list orders them. */
export function cardsSource(cards: IotCardService): ExportSource<'iot-cards'> {
  return async (auth, body, lang: Language) => {
    // The list's own rule (everyone /msg serves): a market user's export is refused as the list is.
    if (!canAccess(auth.roles, 'msg')) throw forbidden();
    return {
      fileName: `iot-cards-${body.filter.month}`,
      sheet: message(lang, 'iotCard.sheet'),
      columns: COLUMNS.map(([key, kind]) => ({ header: message(lang, key), kind })),
      total: await cards.count(auth, body.filter),
      rows: async function* () {
        for await (const page of cards.all(auth, body.filter))
          for (const c of page)
            yield [
              c.boxId === null ? null : String(c.boxId),
              c.devices.map((d) => `${c.boxId ?? ''}-${d.controller}`).join(', '),
              c.company,
              c.iccid,
              c.provider,
              c.expiresOn,
              c.daysLeft,
            ];
      },
    };
  };
}
