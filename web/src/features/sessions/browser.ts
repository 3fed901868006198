import Bowser from 'bowser';

export interface BrowserName {
  /** The browser and its major version ("Chrome 120"); another client's user agent as it is (its first 60 characters). */
  browser: string;
  /** The system and, on a phone or tablet, the kind of device ("Android · mobile"); empty when unknown. */
  system: string;
}

/** A session's user agent as people name it, parsed by bowser; a sign-in without one (a script) names nothing. */
export function browserOf(userAgent: string): BrowserName {
  if (!userAgent.trim()) return { browser: '', system: '' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : userAgent.trim().slice(0, 60);
  const kind = parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' ? parsed.platform.type : '';
  const system = [parsed.os.name, kind].filter(Boolean).join(' · ');
  return { browser, system };
}
