import type { Generated, Selectable } from 'kysely';

export interface ControllerTypesTable {
  id: Generated<number>;
  code: string;
  kind: string;
  /** JSON LocalizedText. */
  name: string;
  builtin: number;
  created_at: number;
  updated_at: number;
}

export interface ControllerRegistersTable {
  type_id: number;
  number: number;
  key: string;
  /** JSON LocalizedText. */
  name: string;
  format: string;
  unit: string;
  decimals: number;
  writable: number;
  min: number | null;
  max: number | null;
  /** JSON Record<raw value, LocalizedText>, for enum registers. */
  options: string | null;
  /** JSON RegisterBit[], for bit-field registers. */
  bits: string | null;
}

/** Controller types and their register maps (migration 0003). */
export interface ControllerTypeTables {
  controller_types: ControllerTypesTable;
  controller_registers: ControllerRegistersTable;
}

export type ControllerTypeRow = Selectable<ControllerTypesTable>;
export type ControllerRegisterRow = Selectable<ControllerRegistersTable>;
