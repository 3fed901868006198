import type { Generated, Selectable } from 'kysely';

/** What a template lets a user write on registers its rights table does not name (docs/people.md). */
export type DefaultWrite = 'all' | 'operating' | 'none';

export interface PermissionTemplatesTable {
  id: Generated<number>;
  name: string;
  /** Offered to users whose level is this or lower in the hierarchy (a greater number): get_level_models. */
  level: number;
  /** The seeded templates' key ('full', 'operator', 'read-only'); null for templates made by root. */
  builtin: string | null;
  default_read: number;
  default_write: DefaultWrite;
  remark: Generated<string>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface PermissionTemplateRightsTable {
  template_id: number;
  type_id: number;
  register_number: number;
  can_read: number;
  can_write: number;
}

export interface ClaimAttemptsTable {
  id: Generated<number>;
  user_id: number;
  box_id: number;
  ok: number;
  time: number;
}

/** Permission templates and add-device claim attempts (migration 0008). */
export interface PeopleTables {
  permission_templates: PermissionTemplatesTable;
  permission_template_rights: PermissionTemplateRightsTable;
  claim_attempts: ClaimAttemptsTable;
}

export type PermissionTemplateRow = Selectable<PermissionTemplatesTable>;
