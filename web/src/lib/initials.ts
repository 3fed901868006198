/** Up to two letters from a name, for an avatar without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  // Letters are code points (a name's first characters, CJK included); Intl.Segmenter, which would keep an emoji
  // sequence whole, is missing in some browsers the es2022 build serves.
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points on purpose, see above
  const letters = words.length === 1 ? [...(words[0] ?? '')].slice(0, 2) : [[...(words[0] ?? '')][0], [...(words[1] ?? '')][0]];
  return letters.join('').toUpperCase();
}
