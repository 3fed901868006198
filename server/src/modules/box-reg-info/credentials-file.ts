import ExcelJS from 'exceljs';
import type { BoxCredentials, Language } from '@dms/contract';

const HEADERS: Record<Language, [string, string, string, string]> = {
  en: ['Box ID', 'MQTT client ID', 'MQTT username', 'MQTT password'],
  zh: ['盒子ID', 'MQTT客户端ID', 'MQTT用户名', 'MQTT密码'],
  es: ['ID de caja', 'ID de cliente MQTT', 'Usuario MQTT', 'Contraseña MQTT'],
  ja: ['ボックスID', 'MQTTクライアントID', 'MQTTユーザー名', 'MQTTパスワード'],
};

/** The credentials of newly registered boxes as an .xlsx workbook, one row per box. */
export async function credentialsWorkbook(boxes: BoxCredentials[], lang: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Device monitoring system';
  const sheet = workbook.addWorksheet('Boxes');
  sheet.columns = HEADERS[lang].map((header, i) => ({ header, width: i === 3 ? 32 : 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const b of boxes) sheet.addRow([b.boxId, b.clientId, b.username, b.password]);
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data);
}
