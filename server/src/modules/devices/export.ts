import { DEVICE_FIELD_NAMES, STATUS_NAMES, type DeviceFilter, type DeviceSummary, type Language } from '@dms/contract';
import type { AuthContext } from '../../types.js';
import type { Cell, PreparedExport } from '../exports/service.js';
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
  | 'lastSeen';

/** The columns of the device export, in order, with their widths. */
const COLUMNS: ReadonlyArray<readonly [Column, number]> = [
  ['boxId', 12],
  ['controller', 10],
  ['status', 16],
  ['company', 28],
  ['stationNo', 16],
  ['model', 18],
  ['typeName', 22],
  ['remark', 24],
  ['iotModule', 16],
  ['iotModel', 16],
  ['iotCard', 24],
  ['installDate', 12],
  ['expiryDate', 12],
  ['province', 12],
  ['city', 12],
  ['area', 12],
  ['street', 28],
  ['contact', 14],
  ['phone', 16],
  ['owner', 16],
  ['lastSeen', 20],
];

/** The sheet's name in each language. */
const SHEET: Record<Language, string> = { en: 'Devices', zh: '设备', es: 'Equipos', ja: 'デバイス' };

/** A column's header: the field's name as the console shows it (times are written in UTC, and say so). */
function header(c: Column, lang: Language): string {
  const names = DEVICE_FIELD_NAMES[lang];
  if (c === 'typeName') return names.type;
  if (c === 'lastSeen') return lang === 'zh' || lang === 'ja' ? `${names.lastSeen}（UTC）` : `${names.lastSeen} (UTC)`;
  return names[c];
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC. */
const utc = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 19).replace('T', ' '));

function cells(d: DeviceSummary, lang: Language): Cell[] {
  return COLUMNS.map(([c]) => {
    if (c === 'status') return STATUS_NAMES[lang][d.status];
    if (c === 'lastSeen') return utc(d.lastSeen);
    return d[c];
  });
}

/** The 'devices' export: the list the user sees with its filter and sort, every column of spec 3. */
export function deviceExport(devices: DeviceService) {
  return async (auth: AuthContext, body: { filter: DeviceFilter }, lang: Language): Promise<PreparedExport> => {
    const total = await devices.count(auth, body.filter);
    return {
      fileName: `devices-${new Date().toISOString().slice(0, 10)}`,
      sheet: SHEET[lang],
      columns: COLUMNS.map(([c, width]) => ({ header: header(c, lang), width })),
      total,
      rows: async function* () {
        for await (const chunk of devices.rows(auth, body.filter, lang)) for (const d of chunk) yield cells(d, lang);
      },
    };
  };
}
