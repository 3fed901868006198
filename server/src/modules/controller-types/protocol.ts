import { canAccess, Code, protocolSheet, type Language, type TypeProtocol } from '@dms/contract';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { PreparedExport } from '../exports/service.js';
import type { ControllerTypeService } from './service.js';

/**
 * A type's protocol document (/device-type/type-config/protocol/{id}/{alias}/{language}; contract protocol.ts): the
 * map the alias names, `default` the one in use and `v{n}` saved version n, with the versions there are. An unknown
 * type is 404 / 40400, an unknown version 404 / 40400 "This type has no version n.".
 */
export async function protocolOf(types: ControllerTypeService, id: number, alias: string): Promise<TypeProtocol> {
  const current = await types.edit(id);
  const versions = await types.versionNumbers(id);
  const base = { id, code: current.code, alias, current: current.version, versions };
  if (alias === 'default')
    return {
      ...base,
      kind: current.kind,
      name: current.name,
      version: current.version,
      registers: current.registers,
      savedAt: current.updatedAt,
      savedBy: current.updatedBy,
    };
  const wanted = Number(alias.slice(1));
  const v = versions.includes(wanted) ? await types.version(id, wanted) : undefined;
  if (!v) throw new AppError(Code.NOT_FOUND, 'error.typeVersionUnknown', { version: wanted });
  return { ...base, kind: v.kind, name: v.name, version: v.version, registers: v.registers, savedAt: v.createdAt, savedBy: v.createdBy };
}

/** The `type-protocol` export: the document as the console shows it (contract `protocolSheet`), in one language. */
export function typeProtocolExport(types: ControllerTypeService) {
  return async (auth: AuthContext, body: { filter: { typeId: number; alias: string; language: Language } }): Promise<PreparedExport> => {
    if (!canAccess(auth.roles, 'deviceType')) throw forbidden();
    const { typeId, alias, language } = body.filter;
    const protocol = await protocolOf(types, typeId, alias);
    const { headers, rows } = protocolSheet(protocol.registers, language);
    return {
      fileName: `protocol-${protocol.code}-v${protocol.version}-${language}`,
      sheet: protocol.code.slice(0, 31),
      columns: headers.map((header, i) => ({ header, kind: i === 0 ? 'number' : 'text' })),
      total: rows.length,
      // The document as it is when the job writes it.
      rows: async function* () {
        yield* protocolSheet((await protocolOf(types, typeId, alias)).registers, language).rows;
      },
    };
  };
}
