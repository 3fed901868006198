import { describe, expect, it } from 'vitest';
import en from '@/locales/en';
import * as enNamespaces from '@/locales/en/namespaces.generated';
import { AREA_ROUTES } from './areas.generated';
import { flattenPages, REDIRECTS, SHELL_ROUTES } from './routes';

/** `box-reg-info` → `boxRegInfo`. */
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every English namespace file an area declares, by namespace (what scripts/areas.mjs found). */
const areaFiles = import.meta.glob('/src/{pages,features}/*/locales/en/*.ts');
/** The shell's own namespaces: `web/src/locales/en/<namespace>.ts`. */
const shellNamespaces = Object.keys(import.meta.glob('/src/locales/en/*.ts'))
  .map((path) => path.split('/').pop()?.replace(/\.ts$/, '') ?? '')
  .filter((name) => name !== 'index' && !name.endsWith('.generated'));
const namespaceFolders = new Map(
  Object.keys(areaFiles).map((path) => {
    const [, , kind, folder, , , file] = path.split('/');
    return [file?.replace(/\.ts$/, '') ?? '', `${kind}/${folder}`] as const;
  }),
);

describe('the console joins each area from its own folder (issue 19 §3, §6)', () => {
  it('every area folder with pages has its routes joined, each page under the area’s own route segment', () => {
    const pages = flattenPages(SHELL_ROUTES);
    for (const { area, routes } of AREA_ROUTES) {
      expect(routes.length, area).toBeGreaterThan(0);
      for (const { page } of flattenPages(routes)) expect(page.path, `${area}: ${page.name}`).toMatch(new RegExp(`^/${area}(/|$)`));
    }
    expect(pages.length).toBe(AREA_ROUTES.reduce((n, a) => n + flattenPages(a.routes).length, 0));
    for (const redirect of REDIRECTS) expect(pages.map((p) => p.page.path)).toContain(redirect.to);
  });

  it('areas stand in the menu in the order they ask, without ties', () => {
    const orders = AREA_ROUTES.map((a) => a.menuOrder);
    expect(new Set(orders).size).toBe(orders.length);
    const first = SHELL_ROUTES[0];
    expect(first?.kind === 'page' ? first.path : first?.name).toBe('/dashboard');
  });

  it('every namespace is one file, the shell’s or one area’s, and the catalogue holds it', () => {
    expect(shellNamespaces).toContain('common');
    expect(Object.keys(enNamespaces).sort()).toEqual([...shellNamespaces, ...namespaceFolders.keys()].sort());
    for (const namespace of shellNamespaces) expect([...namespaceFolders.keys()]).not.toContain(namespace);
    for (const namespace of namespaceFolders.keys()) expect(Object.keys(en)).toContain(namespace);
  });

  it('a namespace named after a page area lives in that area', () => {
    for (const { area } of AREA_ROUTES) {
      const folder = namespaceFolders.get(camel(area));
      if (folder) expect(folder, camel(area)).toBe(`pages/${area}`);
    }
  });
});
