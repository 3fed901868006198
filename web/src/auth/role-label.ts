import { ADMIN_ROLE, DMCK1333_ROLE, ROLES } from '@dms/contract';
import type { Translate } from '../i18n/types';

const KNOWN: readonly string[] = [...ROLES, ADMIN_ROLE, DMCK1333_ROLE];
type KnownRole = (typeof ROLES)[number] | typeof ADMIN_ROLE | typeof DMCK1333_ROLE;

/** A role's translated name; a role the console does not know is shown as the server names it. */
export function roleLabel(t: Translate, role: string): string {
  return KNOWN.includes(role) ? t(`role.${role as KnownRole}`) : role;
}
