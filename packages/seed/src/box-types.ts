/**
 * The box types a new install starts with (issue 23): the model families the box registration offers, each with the
 * configuration its boxes hold as this release ships it, version 1. Migration 0027 seeds them once; then they are
 * rows root edits at /smartbox/config/upload/{id}/{language}. The demo fleet's boxes are `DTU-4G`.
 */
import type { BoxParam } from '@dms/contract';

const t = (en: string, zh: string, es: string, ja: string) => ({ en, zh, es, ja });
const noNote = t('', '', '', '');

const interval: BoxParam = {
  key: 'interval',
  name: t('Report interval', '上报间隔', 'Intervalo de envío', '送信間隔'),
  format: 'number',
  unit: 's',
  default: '10',
  min: 1,
  max: 3600,
  note: t('Seconds between two snapshots.', '两次数据快照之间的秒数。', 'Segundos entre dos instantáneas.', 'スナップショット間の秒数。'),
};
const deadband: BoxParam = {
  key: 'deadband',
  name: t('Deadband', '死区', 'Banda muerta', '不感帯'),
  format: 'number',
  unit: '',
  default: '0',
  min: 0,
  max: 65535,
  note: t(
    'A register is sent again once its raw value moved by more than this (0: every change).',
    '寄存器原始值变化超过该值才再次上报（0：每次变化）。',
    'Un registro se envía de nuevo cuando su valor bruto cambia más que esto (0: cada cambio).',
    '生値がこの値を超えて変化したときに再送します（0：変化ごと）。',
  ),
};
const baud: BoxParam = {
  key: 'baud',
  name: t('Baud rate', '波特率', 'Velocidad en baudios', 'ボーレート'),
  format: 'number',
  unit: 'bit/s',
  default: '9600',
  min: 1200,
  max: 115200,
  note: t(
    'Of the controllers’ RS-485 bus.',
    '控制器 RS-485 总线的波特率。',
    'Del bus RS-485 de los controladores.',
    'コントローラの RS-485 バス。',
  ),
};
const pollTimeout: BoxParam = {
  key: 'poll_timeout',
  name: t('Poll timeout', '轮询超时', 'Tiempo de espera de sondeo', 'ポーリングタイムアウト'),
  format: 'number',
  unit: 'ms',
  default: '1000',
  min: 100,
  max: 5000,
  note: t(
    'How long the box waits for a controller’s answer before it reports a bus error.',
    '盒子等待控制器应答的时间，超时即上报总线错误。',
    'Cuánto espera la caja la respuesta de un controlador antes de informar un error de bus.',
    'コントローラの応答を待つ時間。超えるとバスエラーを報告します。',
  ),
};
const apn: BoxParam = {
  key: 'apn',
  name: t('Access point (APN)', '接入点 (APN)', 'Punto de acceso (APN)', 'アクセスポイント (APN)'),
  format: 'text',
  unit: '',
  default: 'cmnet',
  note: t('Of the SIM card’s carrier.', 'SIM 卡运营商的接入点。', 'Del operador de la tarjeta SIM.', 'SIM カードの通信事業者の APN。'),
};
const keepalive: BoxParam = {
  key: 'keepalive',
  name: t('Keep alive', '心跳间隔', 'Keep alive', 'キープアライブ'),
  format: 'number',
  unit: 's',
  default: '60',
  min: 10,
  max: 600,
  note: t(
    'MQTT keep alive (docs/box-protocol.md).',
    'MQTT 心跳（见 docs/box-protocol.md）。',
    'Keep alive de MQTT (docs/box-protocol.md).',
    'MQTT のキープアライブ（docs/box-protocol.md）。',
  ),
};
const gps: BoxParam = {
  key: 'gps',
  name: t('Location reports', '定位上报', 'Informes de ubicación', '位置情報の送信'),
  format: 'yes-no',
  unit: '',
  default: 'no',
  note: noNote,
};

/** Every release box type and its configuration (version 1). */
export const BUILTIN_BOX_TYPES: ReadonlyArray<{ code: string; params: readonly BoxParam[] }> = [
  { code: 'DTU-4G', params: [interval, deadband, baud, pollTimeout, apn, keepalive, gps] },
  { code: 'DTU-WiFi', params: [interval, deadband, baud, pollTimeout, keepalive] },
  { code: 'DTU-Ethernet', params: [interval, deadband, baud, pollTimeout, keepalive] },
  { code: 'GW-4G', params: [{ ...interval, min: 5 }, deadband, baud, pollTimeout, apn, keepalive, gps] },
];
