/**
 * A file's SHA-256 as 64 lower-case hexadecimal digits, computed in the browser; null where the browser offers no
 * digest (Web Crypto is given to https pages and to localhost only).
 */
export async function sha256Of(file: Blob): Promise<string | null> {
  if (!window.isSecureContext) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The start of a SHA-256, enough to tell images apart in a list (the whole one is copied). */
export const shortSha = (sha256: string): string => `${sha256.slice(0, 12)}…`;
