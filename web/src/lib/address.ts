/** CJK ideographs, kana and full-width forms: an address written in them runs on without spaces (江苏省苏州市…). */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * An address from its parts, largest first: a Chinese or Japanese address is written as one run ("江苏省苏州市吴中区"),
 * any other with spaces between its parts. Empty parts are left out.
 */
export function joinAddress(parts: ReadonlyArray<string | null | undefined>): string {
  const present = parts.filter((p): p is string => Boolean(p && p.trim())).map((p) => p.trim());
  let out = '';
  for (const part of present) {
    if (out === '') out = part;
    else out += CJK.test(out.slice(-1)) && CJK.test(part.charAt(0)) ? part : ` ${part}`;
  }
  return out;
}
