import { api } from '@dms/contract';
import { call } from '../api/call';

/** At most this many reports per page load, so an error in a render loop cannot flood the server. */
const MAX_REPORTS = 20;
let sent = 0;
let last = '';

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

/** Sends one console error to the server (production builds only, spec 9). Never throws, never shows anything. */
export function reportError(reason: unknown, fallbackDetail = ''): void {
  if (!import.meta.env.PROD) return;
  const { message, detail } = describe(reason);
  const key = `${message}\n${detail}`;
  if (sent >= MAX_REPORTS || key === last) return;
  sent += 1;
  last = key;
  // Quiet: a report never shows anything, whatever happens.
  const body = {
    message: (message || 'Unknown error').slice(0, 2000),
    detail: (detail || fallbackDetail).slice(0, 20_000),
    url: window.location.href.slice(0, 2000),
  };
  void call(api.datalog.clientError, { body }, { quiet: true }).catch(() => undefined);
}

/** Window 'error' and 'unhandledrejection' go to the server log, in production only. */
export function installErrorReporting(): void {
  if (!import.meta.env.PROD) return;
  window.addEventListener('error', (event) => {
    reportError(event.error ?? event.message, `${event.filename}:${event.lineno}:${event.colno}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason);
  });
}
