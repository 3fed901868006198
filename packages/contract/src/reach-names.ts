import type { ReachHowName } from './devices/schemas.js';
import type { Language } from './i18n.js';

/**
 * How a user reaches a device (docs/people.md), named in each console language: one wording for the console's access
 * tags and for what the server writes (the device export's Access column), so a sheet says what the screen says.
 */
export const REACH_NAMES: Record<Language, Record<ReachHowName, string>> = {
  en: { admin: 'All devices', owner: 'Owner', assigned: 'Assigned down', helper: 'As helper', shared: 'Shared', ck: 'CK group' },
  zh: { admin: '全部设备', owner: '所有者', assigned: '已下发', helper: '助手', shared: '分享', ck: 'CK组' },
  es: {
    admin: 'Todos los equipos',
    owner: 'Propietario',
    assigned: 'Asignado abajo',
    helper: 'Como ayudante',
    shared: 'Compartido',
    ck: 'Grupo CK',
  },
  ja: { admin: '全機器', owner: '所有者', assigned: '配下に割当', helper: 'ヘルパー', shared: '共有', ck: 'CKグループ' },
};
