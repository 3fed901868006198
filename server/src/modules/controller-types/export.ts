import { canAccess, type ControllerKind, type Language, type TypeFilter, type TypeRow } from '@dms/contract';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { PreparedExport } from '../exports/service.js';
import { formatWallClock, zoned, type Cell, type ColumnKind } from '../exports/xlsx.js';
import type { ControllerTypeService } from './service.js';

type Column = 'code' | 'kind' | 'en' | 'zh' | 'es' | 'ja' | 'registers' | 'version' | 'devices' | 'updated' | 'updatedBy';

const COLUMNS: ReadonlyArray<readonly [Column, ColumnKind]> = [
  ['code', 'text'],
  ['kind', 'text'],
  ['en', 'text'],
  ['zh', 'text'],
  ['es', 'text'],
  ['ja', 'text'],
  ['registers', 'number'],
  ['version', 'number'],
  ['devices', 'number'],
  ['updated', 'time'],
  ['updatedBy', 'text'],
];

type Words = Record<Column | 'sheet' | 'release', string> & Record<ControllerKind, string>;

/** The headers and words of the sheet in each language (the console's words for the same columns). */
const WORDS: Record<Language, Words> = {
  en: {
    sheet: 'Controller types',
    code: 'Code',
    kind: 'Kind',
    en: 'Name (English)',
    zh: 'Name (Chinese)',
    es: 'Name (Spanish)',
    ja: 'Name (Japanese)',
    registers: 'Registers',
    version: 'Version',
    devices: 'Devices',
    updated: 'Saved',
    updatedBy: 'Saved by',
    release: 'Release',
    compressor: 'Screw compressor',
    maglev: 'Maglev blower',
    plc: 'PLC',
  },
  zh: {
    sheet: '控制器类型',
    code: '编码',
    kind: '类别',
    en: '名称（英文）',
    zh: '名称（中文）',
    es: '名称（西班牙文）',
    ja: '名称（日文）',
    registers: '寄存器数',
    version: '版本',
    devices: '设备数',
    updated: '保存时间',
    updatedBy: '保存人',
    release: '系统版本',
    compressor: '螺杆空压机',
    maglev: '磁悬浮鼓风机',
    plc: 'PLC',
  },
  es: {
    sheet: 'Tipos de controlador',
    code: 'Código',
    kind: 'Clase',
    en: 'Nombre (inglés)',
    zh: 'Nombre (chino)',
    es: 'Nombre (español)',
    ja: 'Nombre (japonés)',
    registers: 'Registros',
    version: 'Versión',
    devices: 'Equipos',
    updated: 'Guardado',
    updatedBy: 'Guardado por',
    release: 'Versión del sistema',
    compressor: 'Compresor de tornillo',
    maglev: 'Soplante de levitación magnética',
    plc: 'PLC',
  },
  ja: {
    sheet: 'コントローラータイプ',
    code: 'コード',
    kind: '種別',
    en: '名称（英語）',
    zh: '名称（中国語）',
    es: '名称（スペイン語）',
    ja: '名称（日本語）',
    registers: 'レジスタ数',
    version: 'バージョン',
    devices: '機器数',
    updated: '保存日時',
    updatedBy: '保存者',
    release: 'システムリリース',
    compressor: 'スクリューコンプレッサー',
    maglev: '磁気浮上ブロワー',
    plc: 'PLC',
  },
};

function cells(t: TypeRow, w: Words): Cell[] {
  return COLUMNS.map(([c]) => {
    if (c === 'kind') return w[t.kind];
    if (c === 'en' || c === 'zh' || c === 'es' || c === 'ja') return t.name[c];
    if (c === 'registers') return t.registerCount;
    if (c === 'updated') return t.updatedAt;
    if (c === 'updatedBy') return t.updatedBy ?? w.release;
    return t[c];
  });
}

/** The 'controller-types' export: the type list with its search, as /device-type/type-config shows it. */
export function typeExport(types: ControllerTypeService, now: () => number) {
  return async (auth: AuthContext, body: { filter: TypeFilter; tz: string }, lang: Language): Promise<PreparedExport> => {
    // The list's own area rule (root only).
    if (!canAccess(auth.roles, 'deviceType')) throw forbidden();
    const w = WORDS[lang];
    const filter = { q: body.filter.q, kind: body.filter.kind };
    return {
      fileName: `controller-types-${formatWallClock(now(), body.tz).slice(0, 10)}`,
      sheet: w.sheet,
      columns: COLUMNS.map(([c, kind]) => ({ header: c === 'updated' ? zoned(w.updated, body.tz) : w[c], kind })),
      total: (await types.matching(filter)).length,
      // The rows as they are when the job writes them.
      rows: async function* () {
        for (const t of await types.matching(filter)) yield cells(t, w);
      },
    };
  };
}
