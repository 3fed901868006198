import { apiGet } from './boxes.js';
import { apiLogin, baseUrl, expect, ROLES, saveState, test as setup } from './fixtures.js';

/**
 * Who sees every device of the fleet. The specs run side by side, so what one does to its devices would pop up on
 * these roles' pages in another spec (and over the buttons it clicks): they choose the bell without pop-ups, as root
 * watching a whole fleet would. The pop-ups themselves are tested with demo_manager (notifications.spec.ts).
 */
const SEE_EVERY_DEVICE: readonly string[] = ['demo_root', 'demo_limited_admin'];

/**
 * The setup project (playwright.config.ts): signs each demo role in once per run, through the API, and saves its
 * session as a storage state (e2e/.auth/<role>.json) for the specs to reuse. The sign-in form and the session's end
 * have their own specs (login.spec.ts, session-socket.spec.ts, guard.spec.ts, shell.spec.ts), which sign in themselves.
 */
setup('sign each demo role in once', async ({ request }) => {
  for (const role of ROLES) {
    const token = await apiLogin(request, role);
    saveState(role, token);
    if (!SEE_EVERY_DEVICE.includes(role)) continue;
    const { prefs } = (await apiGet(request, token, '/msg/preferences')).data as { prefs: Record<string, unknown> };
    const res = await request.put(`${baseUrl()}/api/v2/msg/preferences`, {
      headers: { authorization: `Bearer ${token}` },
      data: { prefs: { ...prefs, browser: false } },
    });
    expect(((await res.json()) as { code: number }).code, `${role} chooses no pop-ups`).toBe(20000);
  }
});
