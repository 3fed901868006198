import type { Generated } from 'kysely';

/** A CK factory's master key, sealed with the server's key (migration 0030; docs/dynamic-password.md). */
export interface CkMasterKeysTable {
  ck: string;
  sealed: string;
  created_at: number;
}

/** A user's password quota: calculations left (root and CK factories have no limit and no row). */
export interface PwdQuotasTable {
  user_id: number;
  remaining: number;
  updated_at: number;
}

/** A password calculated (spec 3's QR record): the password itself is not kept; a retry recalculates it. */
export interface PwdRecordsTable {
  id: Generated<number>;
  created_at: number;
  user_id: number;
  /** The console's key of the calculation: unique per user. */
  request_id: string;
  device_id: number | null;
  box_id: number;
  ck: string;
  serial: string;
  challenge: number;
  mode: string;
  /** The UTC day it was calculated for. */
  day: number;
  /** The caller's quota left after it; null: no limit. */
  remaining: number | null;
}

export interface QrManageTables {
  ck_master_keys: CkMasterKeysTable;
  pwd_quotas: PwdQuotasTable;
  pwd_records: PwdRecordsTable;
}
