import type { DeviceStatus } from './devices/schemas.js';
import type { Language } from './i18n.js';

/**
 * The names of the device statuses (spec 4) in each console language: one wording for the console (its status tags,
 * filters and lists) and for what the server writes (the device export), so a sheet says what the screen says.
 */
export const STATUS_NAMES: Record<Language, Record<DeviceStatus, string>> = {
  en: {
    online: 'Online',
    offline: 'Offline',
    alert: 'Alert',
    online_alert: 'Online alert',
    offline_alert: 'Offline alert',
    fault: 'Fault',
    online_fault: 'Online fault',
    offline_fault: 'Offline fault',
    unregistered: 'Unregistered',
  },
  zh: {
    online: '在线',
    offline: '离线',
    alert: '告警',
    online_alert: '在线告警',
    offline_alert: '离线告警',
    fault: '故障',
    online_fault: '在线故障',
    offline_fault: '离线故障',
    unregistered: '未注册',
  },
  es: {
    online: 'En línea',
    offline: 'Desconectado',
    alert: 'Aviso',
    online_alert: 'Aviso en línea',
    offline_alert: 'Aviso desconectado',
    fault: 'Fallo',
    online_fault: 'Fallo en línea',
    offline_fault: 'Fallo desconectado',
    unregistered: 'Sin registrar',
  },
  ja: {
    online: 'オンライン',
    offline: 'オフライン',
    alert: '警告',
    online_alert: 'オンライン警告',
    offline_alert: 'オフライン警告',
    fault: '故障',
    online_fault: 'オンライン故障',
    offline_fault: 'オフライン故障',
    unregistered: '未登録',
  },
};
