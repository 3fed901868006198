import { boxRegistrationBody, isMessageKey, MAX_BOXES_PER_REGISTRATION, message, type Language } from '@dms/contract';
import type { z } from 'zod';

/** A registration as the contract reads it: numbers and trimmed text. */
export type RegistrationRequest = z.output<typeof boxRegistrationBody>;

/** The registration form as the inputs hold it (box ids as typed text, push times as numbers or empty). */
export interface RegistrationValues {
  startBoxId: string;
  endBoxId: string;
  userId: number | undefined;
  boxType: string;
  contact: string;
  companyName: string;
  /** The boxes' CK code: four digits, or empty for none. */
  ck: string;
  pushWarning: number | null;
  pushFault: number | null;
  pushNormal: number | null;
}

export type RegistrationField = keyof RegistrationValues;

export const PUSH_FIELDS = ['pushWarning', 'pushFault', 'pushNormal'] as const satisfies readonly RegistrationField[];

/** Valid values for the fields a check is not about, so the contract's cross-field rules can run on their own. */
const FILLER: RegistrationRequest = {
  startBoxId: 1,
  endBoxId: 1,
  userId: 1,
  boxType: 'x',
  contact: '',
  companyName: '',
  ck: '',
  pushWarning: 1,
  pushFault: 1,
  pushNormal: 1,
};

function translate(key: string, lang: Language, field: string): string {
  return message(lang, isMessageKey(key) ? key : 'validation.invalid', { field });
}

/**
 * The problem with one field, in the words the server uses: the contract's own schema (boxRegistrationBody) checks
 * the field, and its message key is translated with `label` filling `{field}`. The order and size of the range
 * (end ≥ start, at most MAX_BOXES_PER_REGISTRATION boxes) are reported on the end box id, as the server does.
 */
export function registrationFieldProblem(
  field: RegistrationField,
  values: RegistrationValues,
  lang: Language,
  label: string,
): string | null {
  const value = values[field];
  // An emptied push-times box would be coerced to 0 by the schema; the console asks for a value instead.
  if ((PUSH_FIELDS as readonly string[]).includes(field) && (value === null || value === undefined || value === '')) {
    return message(lang, 'validation.field.required', { field: label });
  }
  const own = boxRegistrationBody.shape[field].safeParse(typeof value === 'string' ? value.trim() : value);
  if (!own.success) return translate(own.error.issues[0]?.message ?? '', lang, label);
  if (field !== 'endBoxId') return null;
  const start = boxRegistrationBody.shape.startBoxId.safeParse(values.startBoxId.trim());
  const end = boxRegistrationBody.shape.endBoxId.safeParse(values.endBoxId.trim());
  if (!start.success || !end.success) return null;
  const range = boxRegistrationBody.safeParse({ ...FILLER, startBoxId: start.data, endBoxId: end.data });
  const issue = range.success ? undefined : range.error.issues.find((i) => i.path[0] === 'endBoxId');
  return issue ? translate(issue.message, lang, label) : null;
}

/** How many boxes the range covers, when both ends are box ids and it is a range the server accepts; else null. */
export function rangeCount(values: Pick<RegistrationValues, 'startBoxId' | 'endBoxId'>): number | null {
  const start = boxRegistrationBody.shape.startBoxId.safeParse(values.startBoxId.trim());
  const end = boxRegistrationBody.shape.endBoxId.safeParse(values.endBoxId.trim());
  if (!start.success || !end.success || end.data < start.data) return null;
  const count = end.data - start.data + 1;
  return count <= MAX_BOXES_PER_REGISTRATION ? count : null;
}

/** The request body of valid form values (numbers, trimmed text), as the contract reads it. */
export function registrationBody(values: RegistrationValues): RegistrationRequest {
  return boxRegistrationBody.parse({
    ...values,
    startBoxId: values.startBoxId.trim(),
    endBoxId: values.endBoxId.trim(),
  });
}

export const INITIAL_VALUES: RegistrationValues = {
  startBoxId: '',
  endBoxId: '',
  userId: undefined,
  boxType: '',
  contact: '',
  companyName: '',
  ck: '',
  pushWarning: 1,
  pushFault: 1,
  pushNormal: 1,
};
