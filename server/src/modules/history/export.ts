import { STATUS_NAMES, type Language, type RegisterDef } from '@dms/contract';
import type { Db } from '../../db/database.js';
import { decodeValues, valueIn } from '../../ingest/codec.js';
import type { ExportSource, PreparedExport } from '../exports/service.js';
import * as repo from './repository.js';
import { HISTORY_CHUNK, type HistoryService } from './service.js';

const TEXT: Record<
  Language,
  {
    historySheet: string;
    time: string;
    epoch: string;
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
    time: 'Time (UTC)',
    epoch: 'Time (ms since 1970)',
    faultSheet: 'Fault records',
    fault: ['Box ID', 'Controller', 'Company', 'Model', 'Kind', 'Name', 'Start (UTC)', 'End (UTC)', 'Duration (s)'],
  },
  zh: {
    historySheet: '历史数据',
    time: '时间 (UTC)',
    epoch: '时间 (1970年起毫秒数)',
    faultSheet: '故障记录',
    fault: ['盒子ID', '控制器', '公司', '型号', '类别', '名称', '开始时间 (UTC)', '结束时间 (UTC)', '持续时间 (秒)'],
  },
  es: {
    historySheet: 'Historial',
    time: 'Hora (UTC)',
    epoch: 'Hora (ms desde 1970)',
    faultSheet: 'Registros de fallos',
    fault: ['ID de caja', 'Controlador', 'Empresa', 'Modelo', 'Tipo', 'Nombre', 'Inicio (UTC)', 'Fin (UTC)', 'Duración (s)'],
  },
  ja: {
    historySheet: '履歴',
    time: '時刻 (UTC)',
    epoch: '時刻 (1970年からのミリ秒)',
    faultSheet: '故障記録',
    fault: ['ボックスID', 'コントローラ', '会社', '機種', '種別', '名称', '開始 (UTC)', '終了 (UTC)', '継続時間 (秒)'],
  },
};

/** A moment as the exports write it: ISO 8601 in UTC, e.g. 2026-11-21T08:00:00.000Z. */
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

/** "40002 Discharge pressure (MPa)"; the number alone for a register the type does not know. */
export function registerHeader(number: number, def: RegisterDef | undefined, lang: Language): string {
  if (!def) return String(number);
  return def.unit ? `${number} ${def.name[lang]} (${def.unit})` : `${number} ${def.name[lang]}`;
}

/**
 * The history export of one device (kind `history`): one row per snapshot of [from, to), newest first as on the
 * screen, the time as ISO UTC text and as epoch ms, then one column per chosen register (every register of the
 * device's type when none is chosen) in engineering units (raw / 10^decimals).
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
    const chosen = registers;
    const scales = chosen.map((r) => 10 ** (defs?.get(r)?.decimals ?? 0));
    const text = TEXT[lang];
    return {
      fileName: `history-${device.box_id}-${device.controller}-${day(from)}_${day(to - 1)}`,
      sheet: text.historySheet,
      columns: [
        { header: text.time, width: 26 },
        { header: text.epoch, width: 16 },
        ...chosen.map((r) => ({ header: registerHeader(r, defs?.get(r), lang), width: 18 })),
      ],
      total: await repo.historyCount(db, device.id, from, to),
      rows: async function* () {
        for await (const r of service.walk(device.id, from, to, 'desc')) {
          yield [
            iso(r.ts),
            r.ts,
            ...chosen.map((reg, i) => {
              const v = valueIn(r.vals, reg);
              return v === undefined ? null : v / (scales[i] ?? 1);
            }),
          ];
        }
      },
    };
  };
}

/**
 * The fault-record export (kind `fault-records`): the records of the list's filter across the user's devices,
 * newest first: box id, controller, company, model, kind, the bit's name, start and end (ISO UTC; end empty while
 * the record is open) and the duration in seconds (empty while open).
 */
export function faultRecordSource(db: Db, service: HistoryService): ExportSource<'fault-records'> {
  return async (auth, body, lang): Promise<PreparedExport> => {
    const filter = service.filterOf(auth, body.filter);
    const text = TEXT[lang];
    const widths = [12, 11, 24, 16, 10, 30, 26, 26, 12];
    return {
      fileName: `fault-records-${day(filter.from)}_${day(filter.to - 1)}`,
      sheet: text.faultSheet,
      columns: text.fault.map((header, i) => ({ header, width: widths[i] ?? 16 })),
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
              iso(r.startedAt),
              r.endedAt === null ? null : iso(r.endedAt),
              r.endedAt === null ? null : (r.endedAt - r.startedAt) / 1000,
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
