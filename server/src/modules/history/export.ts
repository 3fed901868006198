import { STATUS_NAMES, engineeringValue, eraAt, rawFromWords, registersByNumber, type Language, type RegisterDef } from '@dms/contract';
import { registerRights } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { decodeValues, valueIn } from '../../ingest/codec.js';
import type { ExportSource, PreparedExport } from '../exports/service.js';
import { formatWallClock, zoned, type XlsxColumn } from '../exports/xlsx.js';
import * as repo from './repository.js';
import { erasNeeded } from '../controller-types/eras.js';
import { codingsOf } from '../devices/series.js';
import { HISTORY_CHUNK, type HistoryService } from './service.js';

const TEXT: Record<
  Language,
  {
    historySheet: string;
    /** The time column's label; the header adds the zone. */
    time: string;
    faultSheet: string;
    fault: [
      boxId: string,
      controller: string,
      company: string,
      model: string,
      kind: string,
      name: string,
      start: string,
      end: string,
      duration: string,
    ];
  }
> = {
  en: {
    historySheet: 'Register history',
    time: 'Time',
    faultSheet: 'Fault records',
    fault: ['Box ID', 'Controller', 'Company', 'Model', 'Kind', 'Name', 'Start', 'End', 'Duration'],
  },
  zh: {
    historySheet: '历史数据',
    time: '时间',
    faultSheet: '故障记录',
    fault: ['盒子ID', '控制器', '公司', '型号', '类别', '名称', '开始时间', '结束时间', '持续时间'],
  },
  es: {
    historySheet: 'Historial',
    time: 'Hora',
    faultSheet: 'Registros de fallos',
    fault: ['ID de caja', 'Controlador', 'Empresa', 'Modelo', 'Tipo', 'Nombre', 'Inicio', 'Fin', 'Duración'],
  },
  ja: {
    historySheet: '履歴',
    time: '時刻',
    faultSheet: '故障記録',
    fault: ['ボックスID', 'コントローラ', '会社', '機種', '種別', '名称', '開始', '終了', '継続時間'],
  },
};

/** The calendar day of a moment in the user's zone, for file names. */
const day = (ms: number, tz: string) => formatWallClock(ms, tz).slice(0, 10);
/** How the fault export's columns are written: the start and end are times, the duration [h]:mm:ss. */
const FAULT_KINDS: Array<XlsxColumn['kind']> = ['number', 'number', 'text', 'text', 'text', 'text', 'time', 'time', 'duration'];

/** "40002 Discharge pressure (MPa)"; the number alone for a register the type does not know. */
export function registerHeader(number: number, def: RegisterDef | undefined, lang: Language): string {
  if (!def) return String(number);
  return def.unit ? `${number} ${def.name[lang]} (${def.unit})` : `${number} ${def.name[lang]}`;
}

/**
 * The history export of one device (kind `history`): one row per snapshot of [from, to), newest first as on the
 * screen, the time (a date cell in the user's zone, named in the header), then one column per chosen register (every
 * register of the device's type when none is chosen) in engineering units (controller-types/values.ts: two words,
 * signed and float32 read as the map says, scaled by its factor and offset or decimals), each row with the map of its
 * moment (controller-types/eras.ts) when the map changed within the range.
 */
export function historySource(db: Db, service: HistoryService): ExportSource<'history'> {
  return async (auth, body, lang): Promise<PreparedExport> => {
    const device = await service.require(auth, body.device.boxId, body.device.controller);
    const { from, to } = body.filter;
    const maps = await service.maps.of([device.type_id]);
    const defs = device.type_id === null ? undefined : maps.get(device.type_id);
    let registers = body.filter.registers;
    if (!registers) {
      if (defs) registers = [...defs.keys()].sort((a, b) => a - b);
      else {
        // No type: the registers of the newest snapshot in the range.
        const newest = await repo.historyChunk(db, device.id, from, to, 'desc', null, 1);
        registers = newest[0] ? [...decodeValues(newest[0].vals).keys()] : [];
      }
    }
    // Registers the user's template does not let them read are left out of the sheet.
    const rights = await registerRights(db, auth);
    const chosen = registers.filter((r) => rights.canRead(device.type_id, r));
    const codings = codingsOf(defs, chosen);
    // A row is read with the map of its moment (the eras the range spans, when the map changed within it).
    const eras = (await erasNeeded(db, device.type_id, from, to)).map((era) => ({
      from: era.from,
      codings: codingsOf(registersByNumber(era.registers), chosen),
    }));
    const text = TEXT[lang];
    return {
      fileName: `history-${device.box_id}-${device.controller}-${day(from, body.tz)}_${day(to - 1, body.tz)}`,
      sheet: text.historySheet,
      columns: [
        { header: zoned(text.time, body.tz), kind: 'time' },
        ...chosen.map((r): XlsxColumn => ({ header: registerHeader(r, defs?.get(r), lang), kind: 'number' })),
      ],
      total: await repo.historyCount(db, device.id, from, to),
      rows: async function* () {
        for await (const r of service.walk(device.id, from, to, 'desc')) {
          yield [
            r.ts,
            ...(eraAt(eras, r.ts)?.codings ?? codings).map((def) => {
              const raw = rawFromWords(def, valueIn(r.vals, def.number), def.words === 2 ? valueIn(r.vals, def.number + 1) : undefined);
              return raw === undefined ? null : engineeringValue(def, raw);
            }),
          ];
        }
      },
    };
  };
}

/**
 * The fault-record export (kind `fault-records`): the records of the list's filter across the user's devices,
 * newest first: box id, controller, company, model, kind, the bit's name, start and end (date cells in the user's
 * zone; end empty while the record is open) and the duration as [h]:mm:ss (empty while open).
 */
export function faultRecordSource(db: Db, service: HistoryService): ExportSource<'fault-records'> {
  return async (auth, body, lang): Promise<PreparedExport> => {
    const filter = await service.filterOf(auth, body.filter);
    const text = TEXT[lang];
    return {
      fileName: `fault-records-${day(filter.from, body.tz)}_${day(filter.to - 1, body.tz)}`,
      sheet: text.faultSheet,
      columns: text.fault.map((header, i) => {
        const kind = FAULT_KINDS[i] ?? 'text';
        return { header: kind === 'time' ? zoned(header, body.tz) : header, kind };
      }),
      total: await repo.countFaultRecords(db, filter),
      rows: async function* () {
        let before: { startedAt: number; id: number } | undefined;
        for (;;) {
          const rows = await service.faultRows(await repo.listFaultRecords(db, filter, 0, HISTORY_CHUNK, before), lang);
          for (const r of rows) {
            yield [
              r.boxId,
              r.controller,
              r.company,
              r.model,
              // The kind in the status wording the console uses (Fault, Alert).
              STATUS_NAMES[lang][r.kind],
              r.name ?? `${r.register}.${r.bit}`,
              r.startedAt,
              r.endedAt,
              r.endedAt === null ? null : r.endedAt - r.startedAt,
            ];
          }
          const last = rows.at(-1);
          if (rows.length < HISTORY_CHUNK || !last) return;
          before = { startedAt: last.startedAt, id: last.id };
        }
      },
    };
  };
}
