import { CHART_ROLES, engineeringValue, type ChartRole, type ChartRoles, type RegisterDef } from '@dms/contract';

/**
 * The register of each chart role (the maglev charts and operating region) that the type's page names
 * (/device-type/type-config/page, DeviceDetail.page.roles), undefined for a role it leaves out or the map lacks.
 */
export function maglevRegisters(registers: readonly RegisterDef[], roles: ChartRoles): Partial<Record<ChartRole, RegisterDef>> {
  const out: Partial<Record<ChartRole, RegisterDef>> = {};
  for (const role of CHART_ROLES) {
    const n = roles[role];
    const def = n === undefined ? undefined : registers.find((r) => r.number === n);
    if (def) out[role] = def;
  }
  return out;
}

/** A register's raw value in engineering units (undefined stays undefined). */
export function scaled(def: RegisterDef | undefined, raw: number | undefined): number | undefined {
  if (!def || raw === undefined) return undefined;
  return engineeringValue(def, raw);
}
