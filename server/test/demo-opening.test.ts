import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeviceStatus, FleetSummary } from '@dms/contract';
import { spawnServer, type SpawnedServer } from '../../bench/src/server-process.js';
import { demoScenes } from '../src/demo-fleet/scenes.js';
import { eventually } from './boxes.js';

interface Row {
  boxId: number;
  status: DeviceStatus;
  activeFaults: Array<{ kind: 'fault' | 'alert'; name: string }>;
}

/** The smallest demo fleet that holds every opening scene. */
const SIZE = 22;

describe('the opening scenes of a fresh demo', () => {
  it('are all on boxes the demo people see, and a fleet too small for them gets none', () => {
    const scenes = demoScenes(100_001, 50, 5);
    expect(scenes.map((s) => s.kind).sort()).toEqual(['alert', 'alert', 'fault', 'fault', 'lock', 'offline']);
    // Each scene has a box of its own; the lock is on a box of the CK group (the last fifth of the fleet).
    expect(new Set(scenes.map((s) => s.boxId)).size).toBe(scenes.length);
    expect(scenes.find((s) => s.kind === 'lock')?.boxId).toBeGreaterThan(100_040);
    // demo_manager's boxes start at 100006; the first two assigned are hidden from them: no scene there.
    for (const s of scenes) expect([100_006, 100_007]).not.toContain(s.boxId);
    expect(Math.max(...scenes.map((s) => s.afterS))).toBeLessThan(60);
    expect(demoScenes(100_001, SIZE, 5)).toHaveLength(6);
    expect(new Set(demoScenes(100_001, SIZE, 5).map((s) => s.boxId)).size).toBe(6);
    expect(demoScenes(100_001, SIZE - 1, 5)).toEqual([]);
    expect(demoScenes(100_001, 6, 5)).toEqual([]);
  });
});

/**
 * Issue 18: a fresh `npm start` showed an empty fault list for its first minutes. Within its first minute a fresh demo
 * shows the demo manager a device in fault and one in alert, each with its cause named, one offline, and events in the
 * dashboard's feed; the end user sees their own fault and alert.
 */
describe('a fresh demo fleet in its first minute', () => {
  let server: SpawnedServer | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-demo-opening-'));
  afterAll(() => {
    server?.child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const login = async (base: string, username: string) => {
    const res = await fetch(`${base}/api/v2/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'demo123456' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  const send = async <T>(base: string, token: string, method: string, url: string, payload: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/v2${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer = (await res.json()) as { code: number; message: string; data: T };
    if (answer.code !== 20000) throw new Error(`${url}: ${answer.code} ${answer.message}`);
    return answer.data;
  };
  const get = async <T>(base: string, token: string, url: string): Promise<T> => {
    const res = await fetch(`${base}/api/v2${url}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: T }).data;
  };

  it('shows a fault and an alert with their causes, a device offline and a feed of events', { timeout: 120_000 }, async () => {
    server = await spawnServer({ DATA_DIR: dir, DEMO_FLEET: '1', DEMO_FLEET_SIZE: String(SIZE), DEMO_BACKFILL_DAYS: '0' });
    const started = Date.now();
    const base = server.url;
    const manager = await login(base, 'demo_manager');
    const endUser = await login(base, 'demo_end_user');
    const rows = async (token: string) => (await get<{ items: Row[] }>(base, token, '/devices?page_size=100')).items;
    const named = (r: Row, kind: 'fault' | 'alert') => r.activeFaults.some((f) => f.kind === kind && f.name.length > 0);
    await eventually(async () => {
      const mine = await rows(manager);
      expect(mine.filter((r) => r.status.endsWith('fault') && named(r, 'fault')).length).toBeGreaterThan(0);
      expect(mine.filter((r) => r.status.endsWith('alert') && named(r, 'alert')).length).toBeGreaterThan(0);
      expect(mine.filter((r) => r.status.startsWith('offline')).length).toBeGreaterThan(0);
      const theirs = await rows(endUser);
      expect(theirs.some((r) => named(r, 'fault'))).toBe(true);
      expect(theirs.some((r) => named(r, 'alert'))).toBe(true);
    }, 75_000);
    // Within the first minute of reporting (the banner comes before the boxes connect).
    expect(Date.now() - started).toBeLessThan(75_000);
    const summary = await get<FleetSummary>(base, manager, `/fleet/summary?since=${started - 3_600_000}`);
    const events = summary.transitions.filter((t) => t.to.endsWith('fault') || t.to.endsWith('alert') || t.to.startsWith('offline'));
    expect(events.length).toBeGreaterThanOrEqual(3);
  });

  // Issue 24: the demo fleet's CK-group controllers hold keys from the group's master key, so the loop is closed.
  it('has a CK controller locked, which takes the password the server calculates, once', { timeout: 90_000 }, async () => {
    const base = server?.url;
    if (!base) throw new Error('no server');
    const scene = demoScenes(100_001, SIZE, 5).find((s) => s.kind === 'lock');
    if (!scene) throw new Error('no lock scene');
    const manufacturer = await login(base, 'demo_manufacturer');
    const manager = await login(base, 'demo_manager');
    const detail = () =>
      get<{ id: number; typeId: number | null; latest: { values: Record<string, number> } }>(
        base,
        manufacturer,
        `/devices/${scene.boxId}/1`,
      );
    // The controller's own map (the fleet gives its types in turn).
    let typeId: number | null = null;
    await eventually(async () => {
      typeId = (await detail()).typeId;
      expect(typeId).not.toBeNull();
    }, 60_000);
    const { registers } = await get<{ registers: Array<{ key: string; number: number }> }>(
      base,
      manufacturer,
      `/controller-types/${typeId}`,
    );
    const numberOf = (key: string) => registers.find((r) => r.key === key)?.number ?? -1;
    const [lockState, challengeAt] = [numberOf('lock_state'), numberOf('lock_challenge')];
    let challenge = 0;
    await eventually(async () => {
      const { values } = (await detail()).latest;
      expect(values[lockState]).toBe(1);
      challenge = (values[challengeAt] ?? 0) * 65_536 + (values[challengeAt + 1] ?? 0);
      expect(challenge).toBeGreaterThan(0);
    }, 60_000);
    const { id } = await detail();
    const calculated = await send<{ password: string }>(base, manufacturer, 'POST', '/qrManage/calculate-dynamic-pwd', {
      deviceId: id,
      challenge: String(challenge).padStart(6, '0'),
      mode: 'unlock-7d',
      requestId: 'demo-opening-lock',
    });
    const write = (value: number) =>
      send<{ outcome: string; reason: string | null }>(
        base,
        manager,
        'POST',
        `/devices/${scene.boxId}/1/registers/${numberOf('unlock_password')}`,
        { value },
      );
    // A wrong password first: refused by the controller, and it stays locked.
    const wrong = (Number(calculated.password) + 1) % 100_000_000;
    expect(await write(wrong)).toMatchObject({ outcome: 'rejected', reason: 'refused' });
    expect(await write(Number(calculated.password))).toMatchObject({ outcome: 'acknowledged' });
    await eventually(async () => {
      expect((await detail()).latest.values[lockState]).toBe(2);
    }, 30_000);
    // Used once: the same password again is refused.
    expect(await write(Number(calculated.password))).toMatchObject({ outcome: 'rejected', reason: 'refused' });
    // The operation log says the password was written, and how it went, never the password.
    const log = await fetch(`${base}/api/v2/datalog/operation-log?action=device.write&page_size=50`, {
      headers: { authorization: `Bearer ${manager}` },
    });
    const entries = ((await log.json()) as { data: { items: Array<{ target: string; new_value: string | null }> } }).data.items.filter(
      (e) => e.target.endsWith('unlock_password'),
    );
    expect(entries.map((e) => e.new_value)).toEqual(['•••••• (rejected: refused)', '•••••• (acknowledged)', '•••••• (rejected: refused)']);
  });
});
