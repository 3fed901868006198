import { api } from '@dms/contract';
import { call } from '../api/call';
import { sessionStore } from '../auth/session';
import { createReporter } from './error-reporter';

const report = createReporter({
  // Quiet: a report never shows anything, whatever happens.
  send: (body) => void call(api.datalog.clientError, { body }, { quiet: true }).catch(() => undefined),
  signedIn: () => sessionStore.get().token !== undefined,
  log: (text, reason) => {
    console.error(text, reason);
  },
  href: () => window.location.href,
  now: () => Date.now(),
});

/** Sends one console error to the server (production builds only, spec 9; signed in only). Never throws, never shows anything. */
export function reportError(reason: unknown, fallbackDetail = ''): void {
  if (!import.meta.env.PROD) return;
  report(reason, fallbackDetail);
}

/** Window 'error' and 'unhandledrejection' go to the server's console-error log, in production only. */
export function installErrorReporting(): void {
  if (!import.meta.env.PROD) return;
  window.addEventListener('error', (event) => {
    reportError(event.error ?? event.message, `${event.filename}:${event.lineno}:${event.colno}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason);
  });
}
