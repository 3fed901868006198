import {
  DEVICE_FIELD_NAMES,
  REACH_NAMES,
  STATUS_NAMES,
  type DeviceFilter,
  type DeviceReach,
  type DeviceSummary,
  type Language,
} from '@dms/contract';
import type { AuthContext } from '../../types.js';
import type { PreparedExport } from '../exports/service.js';
import { formatWallClock, zoned, type Cell, type ColumnKind } from '../exports/xlsx.js';
import type { DeviceService } from './service.js';

type Column =
  | 'boxId'
  | 'controller'
  | 'status'
  | 'company'
  | 'stationNo'
  | 'model'
  | 'typeName'
  | 'remark'
  | 'iotModule'
  | 'iotModel'
  | 'iotCard'
  | 'installDate'
  | 'expiryDate'
  | 'province'
  | 'city'
  | 'area'
  | 'street'
  | 'contact'
  | 'phone'
  | 'owner'
  | 'access'
  | 'lastSeen';

/** The columns of the device export, in order, with how their cells are written (widths follow the content). */
const COLUMNS: ReadonlyArray<readonly [Column, ColumnKind]> = [
  ['boxId', 'number'],
  ['controller', 'number'],
  ['status', 'text'],
  ['company', 'text'],
  ['stationNo', 'text'],
  ['model', 'text'],
  ['typeName', 'text'],
  ['remark', 'text'],
  ['iotModule', 'text'],
  ['iotModel', 'text'],
  ['iotCard', 'text'],
  ['installDate', 'date'],
  ['expiryDate', 'date'],
  ['province', 'text'],
  ['city', 'text'],
  ['area', 'text'],
  ['street', 'text'],
  ['contact', 'text'],
  ['phone', 'text'],
  ['owner', 'text'],
  ['access', 'text'],
  ['lastSeen', 'time'],
];

/** How the user reaches a device, in a cell (docs/people.md): the console's words (REACH_NAMES), with through whom. */
const ACCESS: Record<Language, { header: string; by: string; to: string; switch: string; hidden: string }> = {
  en: {
    header: 'Access',
    by: 'by',
    to: 'to',
    switch: 'with switch right',
    hidden: 'data hidden',
  },
  zh: {
    header: '访问方式',
    by: '来自',
    to: '给',
    switch: '可开关机',
    hidden: '数据已隐藏',
  },
  es: {
    header: 'Acceso',
    by: 'por',
    to: 'a',
    switch: 'con permiso de marcha/paro',
    hidden: 'datos ocultos',
  },
  ja: {
    header: 'アクセス',
    by: '提供元',
    to: '割り当て先',
    switch: '運転/停止権限あり',
    hidden: 'データ非表示',
  },
};

function accessText(r: DeviceReach, lang: Language): string {
  const w = ACCESS[lang];
  const parts = [REACH_NAMES[lang][r.how]];
  if (r.how === 'owner' && r.assignedBy) parts.push(`${w.by} ${r.assignedBy}`);
  if (r.how === 'assigned' && r.via) parts.push(`${w.to} ${r.via}`);
  if ((r.how === 'helper' || r.how === 'shared') && r.via) parts.push(`${w.by} ${r.via}`);
  if ((r.how === 'helper' || r.how === 'shared') && r.canSwitch) parts.push(w.switch);
  if (!r.data) parts.push(w.hidden);
  return parts.join(', ');
}

/** The sheet's name in each language. */
const SHEET: Record<Language, string> = { en: 'Devices', zh: '设备', es: 'Equipos', ja: 'デバイス' };

/** A column's header: the field's name as the console shows it (the time column names the zone it is written in). */
function header(c: Column, lang: Language, tz: string): string {
  const names = DEVICE_FIELD_NAMES[lang];
  if (c === 'typeName') return names.type;
  if (c === 'lastSeen') return zoned(names.lastSeen, tz);
  if (c === 'access') return ACCESS[lang].header;
  return names[c];
}

function cells(d: DeviceSummary & { reach: DeviceReach }, lang: Language): Cell[] {
  return COLUMNS.map(([c]) => {
    if (c === 'access') return accessText(d.reach, lang);
    if (c === 'status') return STATUS_NAMES[lang][d.status];
    if (c === 'lastSeen') return d.lastSeen;
    return d[c];
  });
}

/** The 'devices' export: the list the user sees with its filter and sort, every column of spec 3. */
export function deviceExport(devices: DeviceService, now: () => number) {
  return async (auth: AuthContext, body: { filter: DeviceFilter; tz: string }, lang: Language): Promise<PreparedExport> => {
    const total = await devices.count(auth, body.filter);
    return {
      fileName: `devices-${formatWallClock(now(), body.tz).slice(0, 10)}`,
      sheet: SHEET[lang],
      columns: COLUMNS.map(([c, kind]) => ({ header: header(c, lang, body.tz), kind })),
      total,
      rows: async function* () {
        for await (const chunk of devices.rows(auth, body.filter, lang)) for (const d of chunk) yield cells(d, lang);
      },
    };
  };
}
