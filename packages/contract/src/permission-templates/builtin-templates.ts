import type { LocalizedText } from '../controller-types/schemas.js';
/** The templates every install starts with (docs/people.md), by key; all three read every register. */
export const BUILTIN_TEMPLATES = [
  { key: 'full', name: 'Full control', level: 1, defaultWrite: 'all' },
  { key: 'operator', name: 'Operator', level: 6, defaultWrite: 'operating' },
  { key: 'read-only', name: 'Read only', level: 6, defaultWrite: 'none' },
] as const;
export type BuiltinTemplateKey = (typeof BUILTIN_TEMPLATES)[number]['key'];

/** The built-in templates' names in every language: what the console shows, and what no other template may be named. */
export const BUILTIN_TEMPLATE_NAMES: Readonly<Record<BuiltinTemplateKey, LocalizedText>> = {
  full: { en: 'Full control', zh: '完全控制', es: 'Control total', ja: 'フル制御' },
  operator: { en: 'Operator', zh: '操作员', es: 'Operador', ja: 'オペレーター' },
  'read-only': { en: 'Read only', zh: '只读', es: 'Solo lectura', ja: '閲覧のみ' },
};

/** A template name as names are compared: Unicode-normalised (NFKC), trimmed, case-folded. */
export function templateNameKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}

/** Whether a name reads as a built-in template's name in any of the four languages (compared by templateNameKey). */
export function imitatesBuiltinTemplate(name: string): boolean {
  const key = templateNameKey(name);
  return Object.values(BUILTIN_TEMPLATE_NAMES).some((names) => Object.values(names).some((n) => templateNameKey(n) === key));
}
/** Roles whose users get the Operator template when they are given none; every other role gets Full control. */
export const OPERATOR_DEFAULT_ROLES: readonly string[] = ['end_user', 'helper'];
