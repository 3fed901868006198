import {
  DEVICE_PROPERTIES,
  deviceInfoBody,
  isMessageKey,
  message,
  type DeviceDetail,
  type DeviceInfoBody,
  type Language,
} from '@dms/contract';

/** The device information fields people keep by hand (spec 3; its descriptive properties, then its place on the map), in the order the card and the form show them. */
export const INFO_FIELDS = [...DEVICE_PROPERTIES, 'lng', 'lat'] as const satisfies ReadonlyArray<keyof DeviceInfoBody>;
export type InfoField = (typeof INFO_FIELDS)[number];

/** The form as the inputs hold it: texts, dates as 'YYYY-MM-DD' or '', coordinates as numbers or null. */
export type InfoValues = { [K in InfoField]: K extends 'lng' | 'lat' ? number | null : string };

export function infoValues(device: DeviceDetail): InfoValues {
  const values = Object.fromEntries(INFO_FIELDS.map((f) => [f, f === 'installDate' || f === 'expiryDate' ? (device[f] ?? '') : device[f]]));
  return values as InfoValues;
}

/** The value the API takes for a field: an empty date is null. */
function bodyValue(field: InfoField, value: string | number | null | undefined): string | number | null {
  if (field === 'installDate' || field === 'expiryDate') return typeof value === 'string' && value.trim() ? value.trim() : null;
  if (field === 'lng' || field === 'lat') return typeof value === 'number' ? value : null;
  return typeof value === 'string' ? value : '';
}

/**
 * The problem with one field, in the server's words: the contract's own schema (deviceInfoBody) checks it and its
 * message key is translated with `label` filling `{field}`.
 */
export function infoFieldProblem(
  field: InfoField,
  value: string | number | null | undefined,
  lang: Language,
  label: string,
): string | null {
  const parsed = deviceInfoBody.shape[field].safeParse(bodyValue(field, value));
  if (parsed.success) return null;
  const key = parsed.error.issues[0]?.message ?? '';
  return message(lang, isMessageKey(key) ? key : 'validation.invalid', { field: label });
}

/** What changed between the device and the form: the PATCH body (only changed fields). */
export function infoChanges(before: InfoValues, after: Partial<InfoValues>): DeviceInfoBody {
  const body: Record<string, string | number | null> = {};
  for (const field of INFO_FIELDS) {
    if (!(field in after)) continue;
    const next = bodyValue(field, after[field]);
    const prev = bodyValue(field, before[field]);
    const same = typeof next === 'string' && typeof prev === 'string' ? next.trim() === prev.trim() : next === prev;
    if (!same) body[field] = typeof next === 'string' ? next.trim() : next;
  }
  return body;
}
