import type { ApiError } from '../api/client';
import { resetSession, sessionStore } from './session';

/**
 * What the console does when the server says the session is gone (spec 8: 50008/50012/50014, HTTP 401).
 * - 'prompt': a signed-in user is using a page: ask whether to log in again or stay.
 * - 'ignore': user info is still loading (the guard shows the error and goes to sign-in itself),
 *   or the prompt is already open.
 */
export type LoggedOutAction = 'prompt' | 'ignore';

export function loggedOutAction(state: { infoLoaded: boolean; promptOpen: boolean }): LoggedOutAction {
  if (!state.infoLoaded || state.promptOpen) return 'ignore';
  return 'prompt';
}

export interface LoggedOutPrompt {
  /** Shows the confirm; `relogin` runs when the user picks "log in again", `close` whenever it closes. */
  show(actions: { relogin: () => void; close: () => void }): void;
}

let promptOpen = false;

/** The auth module's answer to the HTTP client's "logged out" report. */
export function createLoggedOutHandler(prompt: LoggedOutPrompt, reload: () => void): (error: ApiError) => void {
  return () => {
    const action = loggedOutAction({ infoLoaded: sessionStore.get().user !== null, promptOpen });
    if (action === 'ignore') return;
    promptOpen = true;
    prompt.show({
      relogin: () => {
        // Spec 8: re-login resets the token and reloads; the guard then sends the user to sign-in.
        resetSession();
        reload();
      },
      close: () => {
        promptOpen = false;
      },
    });
  };
}
