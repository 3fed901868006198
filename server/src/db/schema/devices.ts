import type { Generated, Selectable } from 'kysely';

export interface DevicesTable {
  id: Generated<number>;
  box_id: number;
  controller: number;
  type_id: number | null;
  /** The type code the box reported (kept when the server does not know it). */
  type_code: string | null;
  owner_id: number;
  status: string;
  online: number;
  fault: number;
  alert: number;
  last_seen: number | null;
  created_at: number;
  /** Spec 3's device fields (migration 0005); text ones default to ''. */
  company: Generated<string>;
  station_no: Generated<string>;
  model: Generated<string>;
  remark: Generated<string>;
  iot_module: Generated<string>;
  iot_model: Generated<string>;
  iot_card: Generated<string>;
  province: Generated<string>;
  city: Generated<string>;
  area: Generated<string>;
  street: Generated<string>;
  contact: Generated<string>;
  phone: Generated<string>;
  /** 'YYYY-MM-DD' */
  install_date: string | null;
  expiry_date: string | null;
  lng: number | null;
  lat: number | null;
}

export interface DeviceLinksTable {
  id: Generated<number>;
  device_id: number;
  kind: 'assigned' | 'shared' | 'helper';
  /** Who was given the device (assignee, sharee, helper). */
  user_id: number;
  /** Who gave it (the assigner, the sharer, the helper's manager). */
  source_user_id: number;
  can_switch: number;
  /** For 'assigned': whether the assigner still sees the device's data. */
  show_value: number;
  created_at: number;
  recalled_at: number | null;
}

export interface DeviceStatusLogTable {
  id: Generated<number>;
  device_id: number;
  time: number;
  from_status: string;
  to_status: string;
}

/** How a user reaches a device (docs/people.md): one row per (user, device), kept by access/reach.ts. */
export type ReachHow = 'owner' | 'assigned' | 'helper' | 'shared' | 'ck';

export interface DeviceReachTable {
  user_id: number;
  device_id: number;
  how: ReachHow;
  /** The assignee below (assigned), the sharer (helper, shared), the CK factory (ck); null for the owner. */
  via_user_id: number | null;
  can_switch: number;
  /** 0 when a sub-manager below hid the device's data from this user (they still see that it exists). */
  data: number;
}

/** Devices (one per controller on a box), their links to people, and their status transitions (migrations 0004, 0005). */
export interface DeviceTables {
  devices: DevicesTable;
  device_links: DeviceLinksTable;
  device_reach: DeviceReachTable;
  device_status_log: DeviceStatusLogTable;
}

export type DeviceRow = Selectable<DevicesTable>;
