import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from './schemas.js';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholders a template's text names that the product does not know (each once, in order). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
  const unknown = new Set<string>();
  for (const [, name = ''] of text.matchAll(PLACEHOLDER)) if (!known.has(name)) unknown.add(name);
  return [...unknown];
}

/** A template's text with its placeholders filled; one without a value stays as written. */
export function fillTemplate(text: string, values: Readonly<Partial<Record<TemplatePlaceholder, string>>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name as TemplatePlaceholder] ?? whole);
}
