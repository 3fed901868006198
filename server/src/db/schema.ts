import type { BoxTables } from './schema/boxes.js';
import type { ChartTables } from './schema/charts.js';
import type { CkTables } from './schema/ck.js';
import type { ControllerTypeTables } from './schema/controller-types.js';
import type { DatalogTables } from './schema/datalog.js';
import type { DeviceTables } from './schema/devices.js';
import type { EventTables } from './schema/events.js';
import type { HistoryTables } from './schema/history.js';
import type { IotCardTables } from './schema/iot-cards.js';
import type { NotificationTables } from './schema/notifications.js';
import type { PeopleTables } from './schema/people.js';
import type { UserTables } from './schema/users.js';

export type * from './schema/boxes.js';
export type * from './schema/charts.js';
export type * from './schema/ck.js';
export type * from './schema/controller-types.js';
export type * from './schema/datalog.js';
export type * from './schema/devices.js';
export type * from './schema/events.js';
export type * from './schema/history.js';
export type * from './schema/iot-cards.js';
export type * from './schema/notifications.js';
export type * from './schema/people.js';
export type * from './schema/users.js';

/**
 * Every table, joined from one file per area under schema/. A new area adds its file there and one name here.
 * Times are milliseconds since the epoch, stored as bigint. Booleans are 0/1 integers on both databases.
 */
export interface Database
  extends
    UserTables,
    DatalogTables,
    ControllerTypeTables,
    BoxTables,
    DeviceTables,
    NotificationTables,
    HistoryTables,
    PeopleTables,
    CkTables,
    EventTables,
    ChartTables,
    IotCardTables {}
