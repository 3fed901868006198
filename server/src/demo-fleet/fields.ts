/** The first box id of the demo fleet; the simulator numbers its boxes from here. */
export const DEMO_FIRST_BOX_ID = 100_001;

/** Places of the demo fleet: province, city, district, a street, and the city's centre (WGS84). */
const PLACES = [
  { province: 'Jiangsu', city: 'Suzhou', area: 'Wuzhong', street: 'No. 18 Xinghu Street', lng: 120.62, lat: 31.3 },
  { province: 'Zhejiang', city: 'Hangzhou', area: 'Binjiang', street: 'No. 66 Jiangnan Avenue', lng: 120.21, lat: 30.21 },
  { province: 'Guangdong', city: 'Shenzhen', area: "Bao'an", street: 'No. 9 Xixiang Avenue', lng: 113.88, lat: 22.56 },
  { province: 'Shandong', city: 'Qingdao', area: 'Huangdao', street: 'No. 128 Changjiang Road', lng: 120.2, lat: 35.96 },
  { province: 'Shanghai', city: 'Shanghai', area: 'Pudong', street: 'No. 500 Zhangjiang Road', lng: 121.59, lat: 31.2 },
  { province: 'Sichuan', city: 'Chengdu', area: 'Shuangliu', street: 'No. 77 Konggang Road', lng: 103.92, lat: 30.57 },
  { province: 'Hubei', city: 'Wuhan', area: 'Hongshan', street: 'No. 1 Guanggu Avenue', lng: 114.41, lat: 30.49 },
] as const;
const CONTACTS = [
  ['Zhang Wei', '+86 139 1234 5601'],
  ['Li Na', '+86 138 2345 6702'],
  ['Wang Fang', '+86 137 3456 7803'],
  ['Liu Yang', '+86 136 4567 8904'],
  ['Chen Jie', '+86 135 5678 9005'],
] as const;
const MODELS: Record<string, readonly string[]> = {
  'screw-compressor': ['SC-37', 'SC-55', 'SC-75', 'SC-90'],
  'maglev-blower': ['MB-150', 'MB-200', 'MB-300'],
  'generic-plc': ['PLC-S7-1200', 'PLC-FX5U'],
};
const MODULES = [
  ['Quectel EC20', 'EC20-CEFA'],
  ['Fibocom L610', 'L610-CN'],
] as const;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * Spec 3's fields for one demo device, from its place in the fleet: station number, model (from its controller
 * type), IoT module, install and expiry dates (some expired, some expiring this month), place near a city, contact.
 */
export function demoFields(boxId: number, controller: number, typeCode: string | null, now: number) {
  const i = boxId - DEMO_FIRST_BOX_ID + controller * 7;
  const place = PLACES[(boxId - DEMO_FIRST_BOX_ID) % PLACES.length] ?? PLACES[0];
  const [contact, phone] = CONTACTS[i % CONTACTS.length] ?? CONTACTS[0];
  const [iotModule, iotModel] = MODULES[boxId % MODULES.length] ?? MODULES[0];
  const models = (typeCode && MODELS[typeCode]) || [];
  const today = new Date(now);
  const endOfMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0);
  const expiry =
    i % 5 === 0
      ? now - (10 + (i % 40)) * DAY_MS // expired
      : i % 5 === 1
        ? Math.min(endOfMonth, now + ((i % 4) + 1) * DAY_MS) // expiring this month
        : now + (180 + ((i * 37) % 540)) * DAY_MS;
  return {
    station_no: `ST-${String(boxId % 1000).padStart(3, '0')}-${controller}`,
    model: models[i % Math.max(1, models.length)] ?? '',
    iot_module: iotModule,
    iot_model: iotModel,
    install_date: day(now - (120 + ((i * 53) % 900)) * DAY_MS),
    expiry_date: day(expiry),
    province: place.province,
    city: place.city,
    area: place.area,
    street: place.street,
    contact,
    phone,
    lng: Math.round((place.lng + (((i * 13) % 11) - 5) * 0.01) * 10_000) / 10_000,
    lat: Math.round((place.lat + (((i * 7) % 11) - 5) * 0.01) * 10_000) / 10_000,
  };
}
