import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { eventually } from './boxes.js';
import { buildTestApp, type TestApp } from './helper.js';

const MACHINE_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Server groups (REDIS_GROUP; docs/scaling.md): a group's boxes are owned among its own instances, which alone hear
 * its broker; once-only work and whether an instance is alive are decided among all of them. Three instances on the
 * machine's Redis (a prefix of this run's): two in group `east`, one in group `west`.
 */
describe('server groups', () => {
  const prefix = `groups${process.pid}${Date.now().toString(36)}:`;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    for (const group of ['east', 'east', 'west'])
      apps.push(await buildTestApp('sqlite', { REDIS_URL: MACHINE_REDIS, REDIS_PREFIX: prefix, REDIS_GROUP: group }, { seed: false }));
  });
  afterAll(async () => {
    for (const t of apps.reverse()) await t.close();
  });

  it('owns each box within its group, and everything else among all', async () => {
    const [east1, east2, west] = apps.map((t) => t.app.members) as [
      TestApp['app']['members'],
      TestApp['app']['members'],
      TestApp['app']['members'],
    ];
    const everyone = [east1.self, east2.self, west.self].sort();
    await eventually(() => {
      for (const m of [east1, east2, west]) expect(m.live()).toEqual(everyone);
    }, 10_000);
    const boxes = Array.from({ length: 60 }, (_, i) => `box:${100_000 + i}`);
    // East's boxes are split between east's two instances (each owns some), and west owns every box alone.
    for (const box of boxes) {
      expect([east1.self, east2.self]).toContain(east1.ownerOf(box));
      expect(east2.ownerOf(box)).toBe(east1.ownerOf(box));
      expect(west.ownerOf(box)).toBe(west.self);
    }
    expect(boxes.filter((b) => east1.owns(b)).length).toBeGreaterThan(0);
    expect(boxes.filter((b) => east2.owns(b)).length).toBeGreaterThan(0);
    // A once-only job has one leader in the whole deployment, in whichever group.
    for (const job of ['job:retention', 'job:rollups', 'job:sessions']) {
      const leaders = [east1, east2, west].filter((m) => m.owns(job));
      expect(leaders).toHaveLength(1);
      expect(west.ownerOf(job)).toBe(east1.ownerOf(job));
    }
  });

  it('takes the setting only as a plain name', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379', REDIS_GROUP: 'east-1' }).redis).toEqual({
      url: 'redis://cache:6379',
      prefix: 'dms:',
      group: 'east-1',
    });
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379', REDIS_GROUP: 'east:1' })).toThrow(/REDIS_GROUP must be 1-32 letters/);
  });
});
