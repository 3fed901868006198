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
  /** The current version of its map (migration 0010). */
  version: Generated<number>;
  /** Who saved the current version; null for what a release installed. */
  updated_by: string | null;
  /** JSON ChartKind[]: the charts its devices show (migration 0014); null: the defaults of its kind. */
  charts: string | null;
}

/** Every saved version of a type (migration 0010): its kind, name and register rows as they were. */
export interface ControllerTypeVersionsTable {
  type_id: number;
  version: number;
  kind: string;
  /** JSON LocalizedText. */
  name: string;
  /** JSON array of the version's `controller_registers` rows, without type_id. */
  registers: string;
  created_at: number;
  created_by: string | null;
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
  /** How the words are read (migration 0012): 1 or 2 words, 'high-first' or 'low-first', signed (0/1), 'int' or 'float32'. */
  words: Generated<number>;
  word_order: Generated<string>;
  signed: Generated<number>;
  encoding: Generated<string>;
  /** A linear scale (engineering = raw × factor + offset); null: raw / 10^decimals. */
  value_factor: number | null;
  value_offset: number | null;
  /** Migration 0013: an operating register (0/1: the Operator template may write it) and its role ('switch' or null). */
  operating: Generated<number>;
  role: string | null;
}

/** Which type a model code that boxes report stands for (migration 0011). */
export interface TypeRelationsTable {
  model_code: string;
  type_id: number;
  updated_at: number;
  updated_by: string | null;
}

/** A type's detail page of one alias (migration 0016): JSON TypePageConfig. */
export interface TypePagesTable {
  type_id: number;
  alias: string;
  config: string;
  updated_at: number;
  updated_by: string | null;
}

/** Controller types and their register maps (migrations 0003, 0010, 0011, 0012, 0016). */
export interface ControllerTypeTables {
  type_pages: TypePagesTable;
  controller_types: ControllerTypesTable;
  controller_registers: ControllerRegistersTable;
  controller_type_versions: ControllerTypeVersionsTable;
  type_relations: TypeRelationsTable;
}

export type ControllerTypeRow = Selectable<ControllerTypesTable>;
export type ControllerRegisterRow = Selectable<ControllerRegistersTable>;
export type ControllerTypeVersionRow = Selectable<ControllerTypeVersionsTable>;
