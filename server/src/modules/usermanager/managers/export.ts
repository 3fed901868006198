import { canAccess, type Language, type ManagerRow, type ManagersFilter } from '@dms/contract';
import { forbidden } from '../../../errors.js';
import type { AuthContext } from '../../../types.js';
import type { PreparedExport } from '../../exports/service.js';
import { formatWallClock, zoned, type Cell, type ColumnKind } from '../../exports/xlsx.js';
import type { ManagerService } from './service.js';

type Column = 'username' | 'name' | 'company' | 'phone' | 'ck' | 'template' | 'devices' | 'state' | 'remark' | 'created';

const COLUMNS: ReadonlyArray<readonly [Column, ColumnKind]> = [
  ['username', 'text'],
  ['name', 'text'],
  ['company', 'text'],
  ['phone', 'text'],
  ['ck', 'text'],
  ['template', 'text'],
  ['devices', 'number'],
  ['state', 'text'],
  ['remark', 'text'],
  ['created', 'time'],
];

/** The headers and words of the sheet in each language (the console's words for the same columns). */
const WORDS: Record<Language, Record<Column | 'sheet' | 'enabled' | 'disabled' | 'defaultTemplate', string>> = {
  en: {
    sheet: 'Sub-managers',
    username: 'User name',
    name: 'Name',
    company: 'Company',
    phone: 'Phone',
    ck: 'CK code',
    template: 'Template',
    devices: 'Assigned devices',
    state: 'State',
    remark: 'Remark',
    created: 'Registered',
    enabled: 'Enabled',
    disabled: 'Disabled',
    defaultTemplate: 'Default (Full control)',
  },
  zh: {
    sheet: '下级管理员',
    username: '用户名',
    name: '姓名',
    company: '公司',
    phone: '电话',
    ck: 'CK码',
    template: '权限模板',
    devices: '已分配设备',
    state: '状态',
    remark: '备注',
    created: '注册时间',
    enabled: '启用',
    disabled: '停用',
    defaultTemplate: '默认（完全控制）',
  },
  es: {
    sheet: 'Subadministradores',
    username: 'Usuario',
    name: 'Nombre',
    company: 'Empresa',
    phone: 'Teléfono',
    ck: 'Código CK',
    template: 'Plantilla',
    devices: 'Equipos asignados',
    state: 'Estado',
    remark: 'Observación',
    created: 'Registrado',
    enabled: 'Activo',
    disabled: 'Desactivado',
    defaultTemplate: 'Predeterminada (Control total)',
  },
  ja: {
    sheet: 'サブ管理者',
    username: 'ユーザー名',
    name: '氏名',
    company: '会社',
    phone: '電話',
    ck: 'CKコード',
    template: '権限テンプレート',
    devices: '割り当て機器',
    state: '状態',
    remark: '備考',
    created: '登録日時',
    enabled: '有効',
    disabled: '無効',
    defaultTemplate: '既定（フル制御）',
  },
};

function cells(m: ManagerRow, lang: Language): Cell[] {
  const w = WORDS[lang];
  return COLUMNS.map(([c]) => {
    if (c === 'template') return m.template?.name ?? w.defaultTemplate;
    if (c === 'devices') return m.assignedDevices;
    if (c === 'state') return m.disabled ? w.disabled : w.enabled;
    if (c === 'created') return m.createdAt;
    return m[c];
  });
}

/** The 'managers' export: the caller's sub-managers with the list's search, as edit-manager shows them. */
export function managerExport(managers: ManagerService, now: () => number) {
  return async (auth: AuthContext, body: { filter: ManagersFilter; tz: string }, lang: Language): Promise<PreparedExport> => {
    // The export is edit-manager's list: the same area rule as get_managers.
    if (!canAccess(auth.roles, 'editManager')) throw forbidden();
    const w = WORDS[lang];
    return {
      fileName: `sub-managers-${formatWallClock(now(), body.tz).slice(0, 10)}`,
      sheet: w.sheet,
      columns: COLUMNS.map(([c, kind]) => ({ header: c === 'created' ? zoned(w.created, body.tz) : w[c], kind })),
      total: await managers.count(auth, body.filter),
      rows: async function* () {
        for await (const chunk of managers.rows(auth, body.filter)) for (const m of chunk) yield cells(m, lang);
      },
    };
  };
}
