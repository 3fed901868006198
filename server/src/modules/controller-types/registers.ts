import { localizedText, registerBit, REGISTER_ROLES, type RegisterDef, type RegisterRole } from '@dms/contract';
import { z } from 'zod';
import type { ControllerRegisterRow } from '../../db/schema.js';

/*
 * A register of a controller type's map as the tables keep it (controller_registers, and the JSON of a saved version
 * in controller_type_versions) and as the contract's RegisterDef: one mapping each way.
 */

const options = z.record(z.string(), localizedText);
const bits = z.array(registerBit);

const isRegisterRole = (role: string | null): role is RegisterRole => REGISTER_ROLES.some((r) => r === role);

/** A register row as the contract's RegisterDef (JSON columns parsed, optional fields left out when empty). */
export function toRegisterDef(row: ControllerRegisterRow): RegisterDef {
  return {
    number: row.number,
    key: row.key,
    name: localizedText.parse(JSON.parse(row.name)),
    format: row.format as RegisterDef['format'],
    unit: row.unit,
    decimals: row.decimals,
    writable: row.writable === 1,
    ...(row.min !== null ? { min: row.min } : {}),
    ...(row.max !== null ? { max: row.max } : {}),
    ...(row.options ? { options: options.parse(JSON.parse(row.options)) } : {}),
    ...(row.bits ? { bits: bits.parse(JSON.parse(row.bits)) } : {}),
    ...(row.words === 2 ? { words: 2 as const } : {}),
    ...(row.word_order === 'low-first' ? { wordOrder: 'low-first' as const } : {}),
    ...(row.signed === 1 ? { signed: true } : {}),
    ...(row.encoding === 'float32' ? { encoding: 'float32' as const } : {}),
    ...(row.value_factor !== null ? { factor: row.value_factor } : {}),
    ...(row.value_offset !== null ? { offset: row.value_offset } : {}),
    ...(row.operating === 1 ? { operating: true } : {}),
    ...(isRegisterRole(row.role) ? { role: row.role } : {}),
  };
}

export function toRow(typeId: number, r: RegisterDef): ControllerRegisterRow {
  return {
    type_id: typeId,
    number: r.number,
    key: r.key,
    name: JSON.stringify(r.name),
    format: r.format,
    unit: r.unit,
    decimals: r.decimals,
    writable: r.writable ? 1 : 0,
    min: r.min ?? null,
    max: r.max ?? null,
    options: r.options ? JSON.stringify(r.options) : null,
    bits: r.bits ? JSON.stringify(r.bits) : null,
    words: r.words ?? 1,
    word_order: r.wordOrder ?? 'high-first',
    signed: r.signed ? 1 : 0,
    encoding: r.encoding ?? 'int',
    value_factor: r.factor ?? null,
    value_offset: r.offset ?? null,
    operating: r.operating ? 1 : 0,
    role: r.role ?? null,
  };
}

/** The columns of a register that migrations 0012 and 0013 added: a version saved before them lacks them. */
type CodingColumns = 'words' | 'word_order' | 'signed' | 'encoding' | 'value_factor' | 'value_offset' | 'operating' | 'role';
/** A register as a version keeps it (JSON of its row without the type). */
export type VersionRegister = Omit<ControllerRegisterRow, 'type_id' | CodingColumns> & Partial<Pick<ControllerRegisterRow, CodingColumns>>;

/** A version's register as a table row: the columns it lacks take the defaults migrations 0012 and 0013 gave. */
export function withCoding(r: VersionRegister): Omit<ControllerRegisterRow, 'type_id'> {
  return {
    ...r,
    words: r.words ?? 1,
    word_order: r.word_order ?? 'high-first',
    signed: r.signed ?? 0,
    encoding: r.encoding ?? 'int',
    value_factor: r.value_factor ?? null,
    value_offset: r.value_offset ?? null,
    operating: r.operating ?? 0,
    role: r.role ?? null,
  };
}

/** A saved version's registers (its JSON) as the map reads them. */
export function versionRegisters(typeId: number, json: string): RegisterDef[] {
  return (JSON.parse(json) as VersionRegister[]).map((r) => toRegisterDef({ ...withCoding(r), type_id: typeId }));
}
