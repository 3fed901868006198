import { z } from 'zod';
import { localizedText, type LocalizedText, type RegisterDef } from './schemas.js';

/*
 * /device-type/type-config/page/{id}/{alias} (issue 20): what a device's detail page shows for its type: the register
 * groups (which registers, in which order), the gauges, the on/off buttons and the header's key figures. An alias names
 * a variant: `default` every type has; another alias is a box firmware version (`2.4.1`), whose boxes' devices show it.
 * A type without a saved page shows `defaultPage`: every register in one group. The chart roles name the registers
 * the maglev charts and operating region read.
 */

/** `default`, or a firmware version as boxes report it (letters, digits, `.`, `_`, `-`; at most 32). */
export const PAGE_ALIAS = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
export const pageParams = z.object({
  id: z.coerce.number().int().positive(),
  alias: z.string().regex(PAGE_ALIAS, 'validation.typePage.alias'),
});

/** Most groups, gauges, buttons and key figures a page has. */
export const PAGE_LIMITS = { groups: 16, gauges: 8, switches: 6, keyFigures: 6 } as const;

const registerNumber = z.number().int().min(0).max(65_535);
export const pageGroup = z.object({ name: localizedText, registers: z.array(registerNumber).max(512) });
export type PageGroup = z.infer<typeof pageGroup>;
/**
 * The registers a maglev blower's charts and operating region read, by what they are to those charts: its speed, power,
 * flow and outlet pressure, and the speed limits that bound the region.
 */
export const CHART_ROLES = ['speed', 'power', 'flow', 'pressure', 'minSpeed', 'maxSpeed'] as const;
export type ChartRole = (typeof CHART_ROLES)[number];
export const chartRoles = z.object(
  Object.fromEntries(CHART_ROLES.map((r) => [r, registerNumber.optional()])) as Record<ChartRole, z.ZodOptional<typeof registerNumber>>,
);
export type ChartRoles = z.infer<typeof chartRoles>;

export const typePageConfig = z.object({
  groups: z.array(pageGroup).min(1, 'validation.typePage.noGroup').max(PAGE_LIMITS.groups, 'validation.typePage.tooMany'),
  gauges: z.array(registerNumber).max(PAGE_LIMITS.gauges, 'validation.typePage.tooMany'),
  switches: z.array(registerNumber).max(PAGE_LIMITS.switches, 'validation.typePage.tooMany'),
  keyFigures: z.array(registerNumber).max(PAGE_LIMITS.keyFigures, 'validation.typePage.tooMany'),
  /** The maglev charts' and region's registers (a page of another kind leaves them out). */
  roles: chartRoles.default({}),
});
export type TypePageConfig = z.infer<typeof typePageConfig>;

/** A type's page of one alias as its editor opens it: the saved one, or the default (`saved` false). */
export const typePageView = z.object({
  typeId: z.number().int(),
  alias: z.string(),
  saved: z.boolean(),
  config: typePageConfig,
  /** Every alias saved for the type (`default` among them only when saved). */
  aliases: z.array(z.string()),
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
  /** A device of the type for the live preview (an online one first), null when the type has none. */
  preview: z.object({ boxId: z.number().int(), controller: z.number().int() }).nullable(),
});
export type TypePageView = z.infer<typeof typePageView>;

const ALL_REGISTERS: LocalizedText = { en: 'Registers', zh: '寄存器', es: 'Registros', ja: 'レジスタ' };

/**
 * The page of a type nobody configured: every register in one group, its start/stop (switch role) registers as on/off
 * buttons; no gauges, key figures or chart roles (what a type's page shows of its registers is data: the built-in maglev
 * blower's comes with its seed).
 */
export function defaultPage(registers: readonly RegisterDef[]): TypePageConfig {
  return {
    groups: [{ name: ALL_REGISTERS, registers: registers.map((r) => r.number) }],
    gauges: [],
    switches: registers.filter((r) => r.role === 'switch' && r.writable).map((r) => r.number),
    keyFigures: [],
    roles: {},
  };
}

/** What is wrong with a page for a map: each a message key and its parameters (none: it can be saved). */
export interface PageProblem {
  key:
    | 'validation.typePage.unknown'
    | 'validation.typePage.twice'
    | 'validation.typePage.notNumber'
    | 'validation.typePage.notSwitch'
    | 'validation.typePage.groupName';
  params: Record<string, string | number>;
}

/**
 * The page's problems against the map: a register the map lacks, one twice in the groups (or twice among gauges,
 * buttons or figures), a gauge or key figure that is not a number, an on/off button that is not a writable register,
 * a group without a name in some language.
 */
export function pageProblems(page: TypePageConfig, registers: readonly RegisterDef[]): PageProblem[] {
  const byNumber = new Map(registers.map((r) => [r.number, r]));
  const out: PageProblem[] = [];
  const grouped = new Set<number>();
  page.groups.forEach((g, i) => {
    if (Object.values(g.name).some((n) => n.trim() === '')) out.push({ key: 'validation.typePage.groupName', params: { group: i + 1 } });
    for (const n of g.registers) {
      if (!byNumber.has(n)) out.push({ key: 'validation.typePage.unknown', params: { number: n } });
      else if (grouped.has(n)) out.push({ key: 'validation.typePage.twice', params: { number: n } });
      grouped.add(n);
    }
  });
  const list = (numbers: readonly number[], ok: (r: RegisterDef) => boolean, wrong: PageProblem['key']) => {
    const seen = new Set<number>();
    for (const n of numbers) {
      const r = byNumber.get(n);
      if (!r) out.push({ key: 'validation.typePage.unknown', params: { number: n } });
      else if (seen.has(n)) out.push({ key: 'validation.typePage.twice', params: { number: n } });
      else if (!ok(r)) out.push({ key: wrong, params: { number: n } });
      seen.add(n);
    }
  };
  list(page.gauges, (r) => r.format === 'number', 'validation.typePage.notNumber');
  list(page.keyFigures, (r) => r.format === 'number', 'validation.typePage.notNumber');
  list(page.switches, (r) => r.writable, 'validation.typePage.notSwitch');
  for (const role of CHART_ROLES) {
    const n = page.roles[role];
    if (n === undefined) continue;
    const r = byNumber.get(n);
    if (!r) out.push({ key: 'validation.typePage.unknown', params: { number: n } });
    else if (r.format !== 'number') out.push({ key: 'validation.typePage.notNumber', params: { number: n } });
  }
  return out;
}

/**
 * A saved page as the map is now: a register a later version removed drops out of it (the page follows the map, as the
 * permission templates do); an empty group stays, named.
 */
export function followMap(page: TypePageConfig, registers: readonly RegisterDef[]): TypePageConfig {
  const known = new Set(registers.map((r) => r.number));
  const keep = (numbers: readonly number[]) => numbers.filter((n) => known.has(n));
  const roles: ChartRoles = {};
  for (const role of CHART_ROLES) {
    const n = page.roles[role];
    if (n !== undefined && known.has(n)) roles[role] = n;
  }
  return {
    groups: page.groups.map((g) => ({ name: g.name, registers: keep(g.registers) })),
    gauges: keep(page.gauges),
    switches: keep(page.switches),
    keyFigures: keep(page.keyFigures),
    roles,
  };
}

/** The page a device shows: its box firmware's alias when saved, else `default`, else the type's default page. */
export function pageFor(
  saved: ReadonlyMap<string, TypePageConfig>,
  firmware: string | null,
  registers: readonly RegisterDef[],
): TypePageConfig {
  const page = (firmware !== null ? saved.get(firmware) : undefined) ?? saved.get('default');
  return page ? followMap(page, registers) : defaultPage(registers);
}
