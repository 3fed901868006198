import { apiLogin, ROLES, saveState, test as setup } from './fixtures.js';

/**
 * The setup project (playwright.config.ts): signs each demo role in once per run, through the API, and saves its
 * session as a storage state (e2e/.auth/<role>.json) for the specs to reuse. The sign-in form and the session's end
 * have their own specs (login.spec.ts, session-socket.spec.ts, guard.spec.ts, shell.spec.ts), which sign in themselves.
 */
setup('sign each demo role in once', async ({ request }) => {
  for (const role of ROLES) saveState(role, await apiLogin(request, role));
});
