import type { TemplateDefaultWrite } from '@dms/contract';
import type { Translate } from '@/i18n/types';

/** A template's name: the built-in ones in the user's language (root may rename only the ones they made). */
export function templateName(t: Translate, template: { name: string; builtin?: string | null }): string {
  switch (template.builtin) {
    case 'full':
      return t('permissionTemplates.builtin.full');
    case 'operator':
      return t('permissionTemplates.builtin.operator');
    case 'read-only':
      return t('permissionTemplates.builtin.readOnly');
    default:
      return template.name;
  }
}

/** What a template lets its holders write on registers it does not name. */
export function defaultWriteLabel(t: Translate, value: TemplateDefaultWrite): string {
  return t(`permissionTemplates.defaultWrite.${value}`);
}

const LEVEL_KEYS = [
  'permissionTemplates.levels.l1',
  'permissionTemplates.levels.l2',
  'permissionTemplates.levels.l3',
  'permissionTemplates.levels.l4',
  'permissionTemplates.levels.l5',
  'permissionTemplates.levels.l6',
  'permissionTemplates.levels.l7',
  'permissionTemplates.levels.l8',
] as const;

/** A level of the hierarchy with who stands there, e.g. "6 · Managers". */
export function levelLabel(t: Translate, level: number): string {
  const key = LEVEL_KEYS[level - 1];
  return key ? t(key) : String(level);
}
