import { onPostgres } from './postgres.js';

/**
 * The fleet of device-search.ts on PostgreSQL (`BENCH_DATABASE=postgres`): the same boxes, devices and shares as
 * devices-list.ts `writeFleet` with its Chinese text, written by the database itself (generate_series) into the
 * schema an empty server made. The server fills the reach when it starts (repairReach). Answers the seconds it took.
 */
export async function writeFleetPostgres(url: string, schema: string, devices: number): Promise<number> {
  const started = performance.now();
  await onPostgres(url, async (client) => {
    await client.query(`set search_path = ${schema}`);
    const id = async (name: string) =>
      (await client.query<{ id: number }>('select id from users where username = $1', [name])).rows[0]?.id ?? 0;
    const [root, manager, endUser] = [await id('demo_root'), await id('demo_manager'), await id('demo_end_user')];
    const type = (await client.query<{ id: number }>("select id from controller_types where code = 'screw-compressor'")).rows[0]?.id;
    const words = `array['华东','新达','恒力','金马','天润','宝盛','瑞丰','长河','永新','东方']`;
    const latin = `array['Huadong','Xinda','Hengli','Jinma','Tianrun','Baosheng','Ruifeng','Changhe','Yongxin','Dongfang']`;
    const now = Date.now();
    await client.query(
      `insert into boxes (box_id, owner_id, secret_hash, box_type, contact, company_name, registered_at, registered_by, online, last_seen)
       select 1000000 + b, case when b < 200 then $1::int else $2::int end, repeat('0', 64), 'DTU-4G', '',
         (${words})[1 + b % 10] || (${words})[1 + (b / 10) % 10] || '机电有限公司' || (b % 997), $3::bigint, $4::int, 0, $3::bigint
       from generate_series(0, $5::int - 1) b`,
      [manager, endUser, now, root, Math.ceil(devices / 10)],
    );
    await client.query(
      `insert into devices (box_id, controller, type_id, type_code, owner_id, status, online, fault, alert, last_seen, created_at,
         company, station_no, model, remark, iot_module, iot_model, iot_card, install_date, expiry_date, province, city, area,
         street, contact, phone, lng, lat)
       select 1000000 + b, c, $1::int, 'screw-compressor', case when b < 200 then $2::int else $3::int end, s,
         case when s like 'online%' then 1 else 0 end, case when s like '%fault' then 1 else 0 end,
         case when s like '%alert' then 1 else 0 end, $4::bigint - (i % 86400) * 1000, $4::bigint,
         (${words})[1 + b % 10] || (${words})[1 + (b / 10) % 10] || '机电有限公司' || (b % 997),
         'ST-' || lpad(i::text, 6, '0'),
         (array['SC-37','SC-55','SC-75','SC-90','SC-110','MB-150','MB-200','MB-300','PLC-S7-1200','PLC-FX5U'])[1 + i % 10],
         (${latin})[1 + b % 10] || ' ' || (${latin})[1 + (b / 10) % 10] || ' Co. ' || (b % 997),
         'Quectel EC20', 'EC20-CEFA', '8986' || lpad(i::text, 16, '0'), '2025-01-01', '2027-01-01',
         (array['江苏省','浙江省','广东省','山东省','上海市','四川省','湖北省','北京市'])[1 + i % 8],
         (array['苏州市','杭州市','深圳市','青岛市','上海市','成都市','武汉市','北京市'])[1 + i % 8], '',
         (${words})[1 + (i * 7) % 10] || '路' || (i % 300) || '号',
         (array['张伟','王芳','李娜','刘洋','陈静'])[1 + i % 5],
         '139' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'), 100 + i % 20, 22 + i % 18
       from (select i, (i - 1) / 10 as b, (i - 1) % 10 + 1 as c,
               case when (i::bigint * 7919) % 1000 < 700 then 'online' when (i::bigint * 7919) % 1000 < 850 then 'offline'
                 when (i::bigint * 7919) % 1000 < 900 then 'online_alert' when (i::bigint * 7919) % 1000 < 920 then 'offline_alert'
                 when (i::bigint * 7919) % 1000 < 970 then 'online_fault' when (i::bigint * 7919) % 1000 < 990 then 'offline_fault'
                 else 'unregistered' end as s
             from generate_series(1, $5::int) i) g`,
      [type, manager, endUser, now, devices],
    );
    await client.query(
      `insert into device_links (device_id, kind, user_id, source_user_id, can_switch, show_value, created_at)
       select id, 'shared', $1::int, $2::int, 0, 1, $3::bigint from devices where owner_id = $2::int order by id limit 500`,
      [manager, endUser, now],
    );
    await client.query('analyze');
  });
  return Math.round((performance.now() - started) / 100) / 10;
}
