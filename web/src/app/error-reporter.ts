import { CLIENT_ERROR_LIMITS, type ClientErrorBody } from '@dms/contract';

/** At most this many reports per page load, so an error in a render loop cannot flood the server. */
export const MAX_REPORTS_PER_PAGE = 20;
const MINUTE_MS = 60_000;

/** What the reporter needs from the page: kept apart so that it is tested without a browser. */
export interface ReporterDeps {
  /** Sends one report to the server (never throws). */
  send: (body: Required<ClientErrorBody>) => void;
  /** Whether a session is signed in: the server takes reports from signed-in sessions only. */
  signedIn: () => boolean;
  /** Where an error that is not sent goes: the browser console. */
  log: (message: string, reason: unknown) => void;
  /** The page's address. */
  href: () => string;
  now: () => number;
}

function describe(reason: unknown): { message: string; detail: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, detail: reason.stack ?? '' };
  if (typeof reason === 'string') return { message: reason, detail: '' };
  try {
    // Typed string, but undefined for undefined, a function or a symbol.
    const json = JSON.stringify(reason) as string | undefined;
    return { message: json ?? String(reason), detail: '' };
  } catch {
    return { message: String(reason), detail: '' };
  }
}

/**
 * A console error reporter (spec 9): sends each new error of a signed-in console to the server's client-error log, cut
 * to the server's field limits, within the server's budget per session and minute and MAX_REPORTS_PER_PAGE per page
 * load, and never the same error twice in a row. Before sign-in (the server would refuse it), an error stays in the
 * browser console.
 */
export function createReporter(deps: ReporterDeps): (reason: unknown, fallbackDetail?: string) => void {
  let sent = 0;
  let last = '';
  let budget = { minute: -1, count: 0 };
  return (reason, fallbackDetail = '') => {
    if (!deps.signedIn()) {
      deps.log('Console error (not reported: not signed in):', reason);
      return;
    }
    const { message, detail } = describe(reason);
    const key = `${message}\n${detail}`;
    const minute = Math.floor(deps.now() / MINUTE_MS);
    if (budget.minute !== minute) budget = { minute, count: 0 };
    if (sent >= MAX_REPORTS_PER_PAGE || budget.count >= CLIENT_ERROR_LIMITS.perSessionPerMinute || key === last) return;
    sent += 1;
    budget.count += 1;
    last = key;
    deps.send({
      message: (message || 'Unknown error').slice(0, CLIENT_ERROR_LIMITS.message),
      detail: (detail || fallbackDetail).slice(0, CLIENT_ERROR_LIMITS.detail),
      url: deps.href().slice(0, CLIENT_ERROR_LIMITS.url),
    });
  };
}
