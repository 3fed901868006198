import { LANGUAGES, type ControllerTypeDetail, type Language, type LocalizedText, type Severity } from '@dms/contract';

/**
 * Event templates of a controller type, derived from its register map until the root configuration work adds
 * editing: each bit of a `bits` register with a severity makes an event of that severity when it is set, with the
 * bit's name as its text in each language.
 */
export interface EventTemplate {
  register: number;
  registerName: LocalizedText;
  bit: number;
  severity: Severity;
  text: LocalizedText;
}

const ORDER: Record<Severity, number> = { fault: 0, alert: 1, info: 2 };

export function eventTemplates(type: Pick<ControllerTypeDetail, 'registers'>): EventTemplate[] {
  return type.registers
    .filter((r) => r.format === 'bits')
    .flatMap((r) =>
      (r.bits ?? []).map((b) => ({ register: r.number, registerName: r.name, bit: b.bit, severity: b.severity, text: b.name })),
    )
    .sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.register - b.register || a.bit - b.bit);
}

/** The languages with the user's first. */
export function languagesFirst(lang: Language): Language[] {
  return [lang, ...LANGUAGES.filter((l) => l !== lang)];
}
