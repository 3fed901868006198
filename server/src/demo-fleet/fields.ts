/** The first box id of the demo fleet; the simulator numbers its boxes from here. */
export const DEMO_FIRST_BOX_ID = 100_001;

/**
 * Places of the demo fleet as their people write them: province and city by their full Chinese names ("江苏省",
 * "苏州市"; a municipality is its own province and city, "上海市"), the district, the street and number, and the
 * city's centre (WGS84).
 */
const PLACES = [
  { province: '江苏省', city: '苏州市', area: '吴中区', street: '星湖街18号', lng: 120.62, lat: 31.3 },
  { province: '浙江省', city: '杭州市', area: '滨江区', street: '江南大道66号', lng: 120.21, lat: 30.21 },
  { province: '广东省', city: '深圳市', area: '宝安区', street: '西乡大道9号', lng: 113.88, lat: 22.56 },
  { province: '山东省', city: '青岛市', area: '黄岛区', street: '长江中路128号', lng: 120.2, lat: 35.96 },
  { province: '上海市', city: '上海市', area: '浦东新区', street: '张江路500号', lng: 121.59, lat: 31.2 },
  { province: '四川省', city: '成都市', area: '双流区', street: '空港一路77号', lng: 103.92, lat: 30.57 },
  { province: '湖北省', city: '武汉市', area: '洪山区', street: '光谷大道1号', lng: 114.41, lat: 30.49 },
] as const;
const CONTACTS = [
  ['张伟', '+86 139 1234 5601'],
  ['李娜', '+86 138 2345 6702'],
  ['王芳', '+86 137 3456 7803'],
  ['刘洋', '+86 136 4567 8904'],
  ['陈杰', '+86 135 5678 9005'],
] as const;
/** The companies the demo fleet is registered to (the demo end user's, then the demo manager's). */
export const DEMO_COMPANIES = { endUser: '苏州恒通精密机械有限公司', manager: '江苏长风压缩空气设备有限公司' } as const;
/** The contact line the demo fleet's boxes are registered with. */
export const DEMO_BOX_CONTACT = '售后服务热线 400-000-0000';
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
