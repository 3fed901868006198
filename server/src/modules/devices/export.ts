import { STATUS_NAMES, type DeviceFilter, type DeviceSummary, type Language } from '@dms/contract';
import type { AuthContext } from '../../types.js';
import type { Cell, PreparedExport } from '../exports/service.js';
import type { DeviceService } from './service.js';

type Column = 'boxId' | 'controller' | 'status' | 'company' | 'stationNo' | 'model' | 'typeName' | 'remark' | 'iotModule' | 'iotModel' | 'iotCard' | 'installDate' | 'expiryDate' | 'province' | 'city' | 'area' | 'street' | 'contact' | 'phone' | 'owner' | 'lastSeen';

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

const HEADERS: Record<Language, Record<Column, string> & { sheet: string }> = {
  en: {
    sheet: 'Devices',
    boxId: 'Box ID',
    controller: 'Controller',
    status: 'Status',
    company: 'Company',
    stationNo: 'Station / equipment No.',
    model: 'Model',
    typeName: 'Controller type',
    remark: 'Remark',
    iotModule: 'IoT module',
    iotModel: 'IoT module model',
    iotCard: 'IoT card',
    installDate: 'Installed',
    expiryDate: 'Expires',
    province: 'Province',
    city: 'City',
    area: 'District',
    street: 'Street',
    contact: 'Contact',
    phone: 'Phone',
    owner: 'Owner',
    lastSeen: 'Last seen (UTC)',
  },
  zh: {
    sheet: '设备',
    boxId: '盒子ID',
    controller: '控制器',
    status: '状态',
    company: '所属公司',
    stationNo: '站号/设备编号',
    model: '型号',
    typeName: '控制器类型',
    remark: '备注',
    iotModule: '物联网模块',
    iotModel: '物联网模块型号',
    iotCard: '物联网卡号',
    installDate: '安装日期',
    expiryDate: '到期日期',
    province: '省',
    city: '市',
    area: '区',
    street: '街道',
    contact: '联系人',
    phone: '联系电话',
    owner: '所有者',
    lastSeen: '最后通信（UTC）',
  },
  es: {
    sheet: 'Equipos',
    boxId: 'ID de caja',
    controller: 'Controlador',
    status: 'Estado',
    company: 'Empresa',
    stationNo: 'N.º de estación / equipo',
    model: 'Modelo',
    typeName: 'Tipo de controlador',
    remark: 'Observación',
    iotModule: 'Módulo IoT',
    iotModel: 'Modelo del módulo IoT',
    iotCard: 'Tarjeta IoT',
    installDate: 'Instalado',
    expiryDate: 'Vence',
    province: 'Provincia',
    city: 'Ciudad',
    area: 'Distrito',
    street: 'Calle',
    contact: 'Contacto',
    phone: 'Teléfono',
    owner: 'Propietario',
    lastSeen: 'Última comunicación (UTC)',
  },
  ja: {
    sheet: 'デバイス',
    boxId: 'ボックスID',
    controller: 'コントローラー',
    status: 'ステータス',
    company: '所属会社',
    stationNo: 'ステーション／設備番号',
    model: '型式',
    typeName: 'コントローラー種別',
    remark: '備考',
    iotModule: 'IoTモジュール',
    iotModel: 'IoTモジュール型式',
    iotCard: 'IoTカード',
    installDate: '設置日',
    expiryDate: '有効期限',
    province: '省',
    city: '市',
    area: '区',
    street: '住所',
    contact: '担当者',
    phone: '電話番号',
    owner: '所有者',
    lastSeen: '最終通信（UTC）',
  },
};

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
    const headers = HEADERS[lang];
    return {
      fileName: `devices-${new Date().toISOString().slice(0, 10)}`,
      sheet: headers.sheet,
      columns: COLUMNS.map(([c, width]) => ({ header: headers[c], width })),
      total,
      rows: async function* () {
        for await (const chunk of devices.rows(auth, body.filter, lang)) for (const d of chunk) yield cells(d, lang);
      },
    };
  };
}
