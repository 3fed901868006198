import type { Generated, Selectable } from 'kysely';

/** A CK code as root configures it (migration 0015, /device-type/CK-config). */
export interface CkCodesTable {
  ck: string;
  company: string;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

/** A controller type the devices of a CK's boxes may take; a CK with none limits nothing. */
export interface CkTypesTable {
  ck: string;
  type_id: number;
}

/** A change of a box's CK (the box-CK history): from what, to what, when, by whom and how (`set`, `import`). */
export interface BoxCkChangesTable {
  id: Generated<number>;
  box_id: number;
  old_ck: string | null;
  new_ck: string | null;
  at: number;
  by: string | null;
  source: string;
}

export type CkCodeRow = Selectable<CkCodesTable>;
export type BoxCkChangeRow = Selectable<BoxCkChangesTable>;

export interface CkTables {
  ck_codes: CkCodesTable;
  ck_types: CkTypesTable;
  box_ck_changes: BoxCkChangesTable;
}
