import type { TemplateDefaultWrite } from './schemas.js';

/** A read and a write right on one register. */
export interface RegisterRight {
  read: boolean;
  write: boolean;
}

/** A permission template as its rights are decided from: its defaults and the rights it names, by `rightKey`. */
export interface TemplateRights {
  defaultRead: boolean;
  defaultWrite: TemplateDefaultWrite;
  rights: ReadonlyMap<string, RegisterRight>;
}

/** The key a template's named rights are kept by: `typeId:register`. */
export function rightKey(typeId: number, register: number): string {
  return `${typeId}:${register}`;
}

function named(template: TemplateRights, typeId: number | null, register: number): RegisterRight | undefined {
  return typeId === null ? undefined : template.rights.get(rightKey(typeId, register));
}

/**
 * Whether a template lets its holder read a register (docs/people.md "Permission templates"): the right it names for
 * the register, or else its default read. A device of no known type (`typeId` null) follows the defaults.
 */
export function registerRead(template: TemplateRights, typeId: number | null, register: number): boolean {
  return named(template, typeId, register)?.read ?? template.defaultRead;
}

/**
 * What a template lets its holder do with one register (docs/people.md "Permission templates"), the one rule of the
 * server's checks and the template editor: read is the right the template names for the register, or else its default
 * read; write is the named write right, or else its default write (`all`, `operating`: only the registers the map
 * marks `operating`, `none`), and only ever together with read: a template never writes a register it cannot
 * read. Whether the register is writable at all is the register's own matter, not the template's.
 */
export function registerRight(template: TemplateRights, typeId: number | null, register: number, operating: boolean): RegisterRight {
  const right = named(template, typeId, register);
  const read = right?.read ?? template.defaultRead;
  const write = right ? right.write : template.defaultWrite === 'all' || (template.defaultWrite === 'operating' && operating);
  return { read, write: read && write };
}
