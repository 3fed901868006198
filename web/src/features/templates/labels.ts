import type { TemplateDefaultWrite } from '@dms/contract';
import type { Translate } from '@/i18n/types';

/** A template's name: the built-in ones in the user's language (root may rename only the ones they made). */
export function templateName(t: Translate, template: { name: string; builtin?: string | null }): string {
  switch (template.builtin) {
    case 'full':
      return t('templates.builtin.full');
    case 'operator':
      return t('templates.builtin.operator');
    case 'read-only':
      return t('templates.builtin.readOnly');
    default:
      return template.name;
  }
}

/** What a template lets its holders write on registers it does not name. */
export function defaultWriteLabel(t: Translate, value: TemplateDefaultWrite): string {
  return t(`templates.defaultWrite.${value}`);
}

const LEVEL_KEYS = [
  'templates.levels.l1',
  'templates.levels.l2',
  'templates.levels.l3',
  'templates.levels.l4',
  'templates.levels.l5',
  'templates.levels.l6',
  'templates.levels.l7',
  'templates.levels.l8',
] as const;

/** A level of the hierarchy with who stands there, e.g. "6 · Managers". */
export function levelLabel(t: Translate, level: number): string {
  const key = LEVEL_KEYS[level - 1];
  return key ? t(key) : String(level);
}
