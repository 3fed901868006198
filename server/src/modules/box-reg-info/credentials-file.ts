import type { BoxCredentials, BrokerAddress, Language } from '@dms/contract';
import { sheetBuffer, type XlsxColumn } from '../exports/xlsx.js';

type Headers = [
  boxId: string,
  clientId: string,
  username: string,
  password: string,
  host: string,
  port: string,
  mqttVersion: string,
  protocolVersion: string,
];

const HEADERS: Record<Language, Headers> = {
  en: ['Box ID', 'MQTT client ID', 'MQTT username', 'MQTT password', 'Broker address', 'Broker port', 'MQTT version', 'Protocol version'],
  zh: ['盒子ID', 'MQTT客户端ID', 'MQTT用户名', 'MQTT密码', '服务器地址', '服务器端口', 'MQTT版本', '协议版本'],
  es: [
    'ID de caja',
    'ID de cliente MQTT',
    'Usuario MQTT',
    'Contraseña MQTT',
    'Dirección del bróker',
    'Puerto del bróker',
    'Versión MQTT',
    'Versión del protocolo',
  ],
  ja: [
    'ボックスID',
    'MQTTクライアントID',
    'MQTTユーザー名',
    'MQTTパスワード',
    'ブローカーアドレス',
    'ブローカーポート',
    'MQTTバージョン',
    'プロトコルバージョン',
  ],
};
const SHEET: Record<Language, string> = { en: 'Boxes', zh: '盒子', es: 'Cajas', ja: 'ボックス' };
const KINDS: Array<XlsxColumn['kind']> = ['number', 'text', 'text', 'text', 'text', 'number', 'text', 'number'];

/**
 * The credentials of newly registered boxes as an .xlsx workbook, one row per box with everything an engineer types
 * into it: the MQTT client id, username and password, the broker's address and port, the MQTT and protocol versions.
 */
export async function credentialsWorkbook(boxes: BoxCredentials[], broker: BrokerAddress, lang: Language): Promise<Buffer> {
  return sheetBuffer(
    { name: SHEET[lang], columns: HEADERS[lang].map((header, i) => ({ header, kind: KINDS[i] ?? 'text' })), tz: 'UTC' },
    boxes.map((b) => [b.boxId, b.clientId, b.username, b.password, broker.host, broker.port, broker.mqttVersion, broker.protocolVersion]),
  );
}
