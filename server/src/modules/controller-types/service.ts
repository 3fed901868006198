import {
  localizedText,
  registerBit,
  type ControllerKind,
  type ControllerTypeDef,
  type ControllerTypeDetail,
  type ControllerTypeSummary,
  type RegisterDef,
} from '@dms/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { ControllerRegisterRow, ControllerTypeRow } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import * as repo from './repository.js';

const options = z.record(z.string(), localizedText);
const bits = z.array(registerBit);

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
  };
}

function toRow(typeId: number, r: RegisterDef): ControllerRegisterRow {
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
  };
}

function summary(row: ControllerTypeRow, registerCount: number): ControllerTypeSummary {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as ControllerKind,
    name: localizedText.parse(JSON.parse(row.name)),
    builtin: row.builtin === 1,
    registerCount,
  };
}

/** Controller types and their register maps (domain.md): stored in the database, read through the API. */
export class ControllerTypeService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Makes the built-in types match the code: a missing one is created; one whose map differs is updated in one
   * transaction. Types created by users are never touched. Returns the codes it created or updated.
   */
  async ensureBuiltins(types: readonly ControllerTypeDef[]): Promise<string[]> {
    const changed: string[] = [];
    for (const def of types) {
      const existing = await repo.findTypeByCode(this.db, def.code);
      if (existing && existing.builtin !== 1) continue;
      if (existing) {
        const current = (await repo.registersOf(this.db, existing.id)).map(toRegisterDef);
        const wanted = [...def.registers].sort((a, b) => a.number - b.number).map((r) => toRegisterDef(toRow(existing.id, r)));
        const same =
          existing.kind === def.kind && existing.name === JSON.stringify(def.name) && JSON.stringify(current) === JSON.stringify(wanted);
        if (same) continue;
      }
      await this.db.transaction().execute(async (trx) => {
        const now = this.now();
        const id = existing
          ? (await repo.updateType(trx, existing.id, { kind: def.kind, name: JSON.stringify(def.name), updated_at: now }), existing.id)
          : await repo.insertType(trx, {
              code: def.code,
              kind: def.kind,
              name: JSON.stringify(def.name),
              builtin: 1,
              created_at: now,
              updated_at: now,
            });
        await repo.replaceRegisters(
          trx,
          id,
          def.registers.map((r) => toRow(id, r)),
        );
      });
      changed.push(def.code);
    }
    return changed;
  }

  async list(): Promise<ControllerTypeSummary[]> {
    return (await repo.listTypes(this.db)).map((r) => summary(r, r.register_count));
  }

  async get(id: number): Promise<ControllerTypeDetail> {
    const row = await repo.findType(this.db, id);
    if (!row) throw notFound();
    const registers = (await repo.registersOf(this.db, id)).map(toRegisterDef);
    return { ...summary(row, registers.length), registers };
  }

  /** Every type with its register map, keyed by id (the ingest loads this once and on changes). */
  async allWithRegisters(): Promise<ControllerTypeDetail[]> {
    const rows = await repo.listTypes(this.db);
    return Promise.all(rows.map((r) => this.get(r.id)));
  }
}
