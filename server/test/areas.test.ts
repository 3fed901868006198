import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, OPERATION_ACTIONS } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import * as MODULES from '../src/modules.generated.js';
import { inDependencyOrder, metaOf } from '../src/plugin-order.js';

/**
 * Areas register themselves (README "Adding a screen and its calls"; issue 19 §3, §6): the indexes that join them are
 * what scripts/areas.mjs writes from their folders, and an area has one name across the contract, the server and
 * its API paths.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const folders = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pluginName = (plugin: object) => metaOf(plugin).name;

/** API paths the spec names itself (spec 7), outside the area's own `/<area>` prefix. */
const SPEC_PATHS: Record<string, readonly string[]> = {
  usermanager: ['user_register', 'device_user_permission', 'user'],
  // Spec 7 names the IoT card calls /iot_card/….
  'iot-card': ['iot_card'],
  // Spec 2 names the routes /qrManage/….
  'qr-manage': ['qrManage'],
};

const AREA_MODULES = Object.values(MODULES);
const contractAreas = folders('packages/contract/src').filter((a) => existsSync(join(ROOT, 'packages/contract/src', a, 'endpoints.ts')));

describe('areas', () => {
  it('the joined indexes are what the areas’ folders say (npm run areas)', () => {
    // Throws with the stale indexes named when one differs.
    expect(() => execFileSync(process.execPath, [join(ROOT, 'scripts/areas.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('one name per area: the contract folder, the server module, its plugin, the API group and the API path', () => {
    const modules = folders('server/src/modules').filter((a) => existsSync(join(ROOT, 'server/src/modules', a, 'index.ts')));
    expect(modules).toEqual(contractAreas);
    expect(AREA_MODULES.map(pluginName)).toEqual(modules);
    expect(Object.keys(api).sort()).toEqual(contractAreas.map(camel).sort());
    for (const area of contractAreas) {
      const group: Record<string, { path: string }> = api[camel(area) as keyof typeof api];
      for (const [name, endpoint] of Object.entries(group)) {
        const segment = endpoint.path.split('/')[1] ?? '';
        expect([area, ...(SPEC_PATHS[area] ?? [])], `${area}.${name} ${endpoint.path}`).toContain(segment);
      }
    }
  });

  it('server messages and operation-log actions live in the folder of an area', () => {
    for (const area of folders('packages/contract/src')) {
      const own =
        existsSync(join(ROOT, 'packages/contract/src', area, 'messages')) ||
        existsSync(join(ROOT, 'packages/contract/src', area, 'actions.ts'));
      if (own) expect(contractAreas, area).toContain(area);
    }
    // Each action once, named `<resource>.<verb>`.
    expect(new Set(OPERATION_ACTIONS).size).toBe(OPERATION_ACTIONS.length);
    for (const action of OPERATION_ACTIONS) expect(action).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });

  it('modules register after the modules they depend on, whatever order they are found in', () => {
    const names = (list: readonly object[]) => inDependencyOrder(list).map(pluginName);
    const forward = names(AREA_MODULES);
    const backward = names([...AREA_MODULES].reverse());
    for (const order of [forward, backward]) {
      expect(order.indexOf('user')).toBeLessThan(order.indexOf('usermanager'));
      expect(order.indexOf('permission-templates')).toBeLessThan(order.indexOf('usermanager'));
      expect(order.indexOf('datalog')).toBeLessThan(order.indexOf('user'));
    }
  });

  it('no source file is over 400 lines, but data (catalogues, generated indexes, seed types) and tests', () => {
    const DATA = [/\/locales\//, /\.generated\.ts$/, /^packages\/seed\//];
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'server/src', 'web/src', 'packages', 'scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(
        (f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$|\/test\//.test(f) && !DATA.some((d) => d.test(f)) && existsSync(join(ROOT, f)),
      );
    expect(files.length).toBeGreaterThan(500);
    const long = files
      .map((f) => ({ f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1 }))
      .filter((x) => x.lines > 400)
      .map((x) => `${x.f}: ${x.lines}`);
    expect(long).toEqual([]);
  });
});
