import type { Browser, Page } from '@playwright/test';
import { apiGet, apiSend, ownBox } from './boxes.js';
import {
  apiLogin,
  codeOf,
  expect,
  goInApp,
  LANGS,
  openShell,
  reg,
  rolePage,
  signInWithForm,
  test,
  tokenOf,
  type Lang,
  type Role,
} from './fixtures.js';
import { consoleErrors, expectActiveTabInView, resize, type Screen, type SweepWorld, walk } from './sweep.js';
import { enlargeSummary } from './sweep-end-user.js';
import { UNAUTHORIZED } from './sweep-manager.js';
import { NOT_FOUND } from './sweep-root.js';
import { sweptScreens, titlesOf } from './sweep-roles.js';

/**
 * The language sweep (issue 19 §7): every screen of the console in each of the four languages at 1440 and 390 px (and
 * 800 px, where the sidebar becomes a drawer, for the device, history and fleet screens), each reached inside the app
 * (the shell is loaded once per role and language), with the checks every screen gets (no raw translation key,
 * nothing running off the side, the title in the language, no console error, the active tab in view) and the checks
 * of its own (sweep-root.ts, sweep-manager.ts, sweep-end-user.ts): the tables that must fit, the dialogs and selects
 * that must not run out, the texts that must be translated. In English each page shows its title from the access
 * table, which menus.spec.ts then leaves to the sweep (sweep-roles.ts). The specs of the screens test what they do, in
 * English; a new screen joins the sweep in its role's list.
 *
 * The tests run in parallel (each language and role on its own); each worker sets up the world once: boxes of its own
 * registered to demo_manager, with faults and readings at known moments.
 */

test.describe.configure({ mode: 'parallel' });

const SLOT = 2_080_000_000 + Math.floor(Math.random() * 1_900_000) * 10;
const wait = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

// A compressor with two faults and a warning, a second or more apart each, so their order is known.
const faultBox = SLOT;
const compressor = (key: string) => reg('screw-compressor', key);
ownBox(faultBox, `E2E Sweep Faults ${faultBox}`, 'screw-compressor', async (b) => {
  const HIGH_DISCHARGE_TEMPERATURE = 1 << 2;
  const MAIN_MOTOR_OVERLOAD = 1 << 0;
  const HIGH_AMBIENT_TEMPERATURE = 1 << 10;
  const faults = compressor('fault_bits');
  const alerts = compressor('alert_bits');
  await b.publish(Date.now(), { [compressor('run_state')]: 2, [faults]: HIGH_DISCHARGE_TEMPERATURE, [alerts]: 0 });
  await wait(1100);
  await b.publish(Date.now(), { [faults]: HIGH_DISCHARGE_TEMPERATURE | MAIN_MOTOR_OVERLOAD, [alerts]: 0 });
  await wait(1100);
  await b.publish(Date.now(), { [faults]: HIGH_DISCHARGE_TEMPERATURE | MAIN_MOTOR_OVERLOAD, [alerts]: HIGH_AMBIENT_TEMPERATURE });
});

// A maglev blower's last hour: readings, and a surge that came and went (a fault record).
const blower = SLOT + 1;
const MIN = 60_000;
const faultStart = Date.now() - 30 * MIN;
ownBox(blower, `E2E Sweep History ${blower}`, 'maglev-blower', async (b) => {
  const key = (k: string) => reg('maglev-blower', k);
  const SURGE = 4;
  const reading = (flow: number, fault = 0) => ({
    [key('run_state')]: 3,
    [key('speed')]: 30000,
    [key('power')]: 800,
    [key('flow')]: flow,
    [key('outlet_pressure')]: 600,
    [key('fault_bits')]: fault,
  });
  await b.publish(faultStart - 10 * MIN, reading(1000));
  await b.publish(faultStart, reading(1100, SURGE));
  await b.publish(faultStart + 10 * MIN, reading(1200));
  await b.publish(Date.now() - MIN, reading(1300));
});

// A box whose fault is toggled before demo_manager's dashboard is checked: the newest row of the feed, with a long
// company name.
const feedBox = SLOT + 2;
const feedCompany = `E2E Language Sweep Compressor Works ${feedBox}`;
let feedFault = 0;
const feed = ownBox(feedBox, feedCompany, 'screw-compressor', async (b) => {
  await b.publish(Date.now(), { [compressor('fault_bits')]: 0 });
});

// A helper of demo_manager's with two-factor sign-in on: the sign-in page's second step, in each language.
const TWO_FACTOR_USER = `e2e2fa_${SLOT}`;
const TWO_FACTOR_PASSWORD = 'sweep2fa1';

let world: SweepWorld | undefined;
test.beforeAll(async ({ request }) => {
  await apiSend(request, tokenOf('demo_manager'), 'POST', '/user_register/add_helper', {
    username: TWO_FACTOR_USER,
    password: TWO_FACTOR_PASSWORD,
    name: 'Sweep Two-Factor',
    helperType: 'operator',
  });
  const own = await apiLogin(request, TWO_FACTOR_USER, TWO_FACTOR_PASSWORD);
  const { secret } = (await apiSend(request, own, 'POST', '/user/two-factor/begin', {})) as { secret: string };
  await apiSend(request, own, 'POST', '/user/two-factor/confirm', { code: codeOf(secret) });
  const manager = tokenOf('demo_manager');
  const id = async (path: string, username: string) =>
    ((await apiGet(request, manager, `${path}?q=${username}`)).data as { items: Array<{ id: number; username: string }> }).items.find(
      (u) => u.username === username,
    )?.id ?? 0;
  const templates = (await apiGet(request, tokenOf('demo_root'), '/permission-templates')).data as { items: Array<{ id: number }> };
  const types = (await apiGet(request, tokenOf('demo_root'), '/controller-types')).data as Array<{ id: number; code: string }>;
  const boxTypes = (await apiGet(request, tokenOf('demo_root'), '/smartbox/box-types?q=DTU-4G')).data as {
    items: Array<{ id: number; code: string }>;
  };
  world = {
    faultBox,
    blower,
    faultStart,
    feedBox,
    feedCompany,
    toggleFeed: async () => {
      feedFault = 1 - feedFault;
      await feed.publish(Date.now(), { [compressor('fault_bits')]: feedFault });
    },
    sub: await id('/user_register/get_managers', 'demo_submanager'),
    helper: await id('/user_register/get_helpers', 'demo_helper'),
    template: templates.items[0]?.id ?? 0,
    controllerType: types.find((x) => x.code === 'generic-plc')?.id ?? 0,
    boxType: boxTypes.items.find((x) => x.code === 'DTU-4G')?.id ?? 0,
  };
});

function theWorld(): SweepWorld {
  if (!world) throw new Error('the sweep world is not set up');
  return world;
}

/** The screens the sweep walks as `role`. */
function screensOf(role: Role): Screen[] {
  const screens = sweptScreens(theWorld())[role];
  if (!screens) throw new Error(`the sweep lists no screens of ${role}`);
  return screens;
}

/**
 * Walks `role`'s screens (`screens`, by default all of them) in `lang`, the shell loaded once, their titles checked in
 * English; `more` runs on the same page after the walk.
 */
async function sweep(
  browser: Browser,
  role: Role,
  lang: Lang,
  screens: readonly Screen[] = screensOf(role),
  more?: (page: Page, takeErrors: () => string[]) => Promise<void>,
): Promise<void> {
  const page = await rolePage(browser, role, lang, { width: 1440, height: 900 });
  const takeErrors = consoleErrors(page);
  try {
    const titles = lang === 'en' ? await titlesOf(page.request, role) : undefined;
    await openShell(page, '/dashboard');
    await walk(page, role.replace('demo_', ''), lang, screens, takeErrors, titles);
    if (more) await more(page, takeErrors);
  } finally {
    await page.context().close();
  }
}

/** Pages of the walk far apart: the tags bar brings the active one into view (it scrolls once full). */
async function farTabs(page: Page, screens: readonly Screen[]): Promise<void> {
  const paths = screens.map((s) => s.path.split('?')[0] ?? s.path);
  for (const width of [1440, 390]) {
    await resize(page, width);
    // The bar is full: it scrolls.
    const overflow = await page.getByTestId('tags-view').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `the tags bar at ${width} px`).toBeGreaterThan(0);
    // Far back to the first tabs, then to the last again.
    for (const path of [paths[1], '/dashboard', paths[5], paths[paths.length - 1]]) {
      if (!path) continue;
      await goInApp(page, path);
      await expectActiveTabInView(page, path);
    }
  }
}

const SIGNED_OUT_LOGIN: Screen = { name: 'login', path: '/login', ready: 'login-submit', standalone: true };
/** The sign-in page's second step (issue 27), reached by signing in with the password of a user with two-factor on. */
const SECOND_STEP: Screen = { name: 'login-second-step', path: '/login', ready: 'login-code', standalone: true };

for (const lang of LANGS) {
  test(`${lang}: the sign-in page and demo_root's screens`, async ({ browser }) => {
    test.setTimeout(300_000);
    // Signed out: the sign-in page.
    const login = await rolePage(browser, null, lang, { width: 1440, height: 900 });
    const loginErrors = consoleErrors(login);
    await login.goto('/login');
    await walk(login, 'signed-out', lang, [SIGNED_OUT_LOGIN], loginErrors);
    await signInWithForm(login, TWO_FACTOR_USER, TWO_FACTOR_PASSWORD);
    await walk(login, 'signed-out', lang, [SECOND_STEP], loginErrors);
    await login.context().close();

    const screens = screensOf('demo_root');
    await sweep(browser, 'demo_root', lang, screens, async (page, takeErrors) => {
      // Spanish titles are long: a dozen tabs fill the bar, at both widths.
      if (lang === 'es') await farTabs(page, screens);
      await walk(page, 'root', lang, [NOT_FOUND], takeErrors);
    });
    // limited_admin's own screen (spec 6: box-assign is theirs alone).
    await sweep(browser, 'demo_limited_admin', lang);
  });

  test(`${lang}: demo_manager's screens`, async ({ browser }) => {
    test.setTimeout(300_000);
    // The feed box changes status just before the dashboard opens: its row is the feed's newest.
    await theWorld().toggleFeed();
    await sweep(browser, 'demo_manager', lang, undefined, async (page, takeErrors) => {
      await walk(page, 'manager', lang, [UNAUTHORIZED], takeErrors);
    });
  });

  test(`${lang}: demo_end_user's screens and the large screen`, async ({ browser }) => {
    test.setTimeout(300_000);
    // The large screen (outside the shell) comes last.
    const screens = [...screensOf('demo_end_user')];
    const large = screens.pop();
    await sweep(browser, 'demo_end_user', lang, screens, async (page, takeErrors) => {
      // The large screen shows a fleet much larger than the demo's (its summary enlarged on its way to the page).
      await enlargeSummary(page);
      if (large) await walk(page, 'end-user', lang, [large], takeErrors);
    });
  });
}
