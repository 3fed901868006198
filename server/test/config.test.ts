import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.database).toEqual({ kind: 'sqlite', file: expect.stringMatching(/data\/dms\.sqlite$/) as unknown, synchronous: 'full' });
    expect(c.logLevel).toBe('info');
    expect(c.env).toBe('development');
    expect(c.demoPassword).toBe('demo123456');
    expect(c.sessionTtlMs).toBe(86_400_000);
  });

  it('keeps each level of history rollups for its own number of days', () => {
    const DAY = 86_400_000;
    expect(loadConfig({}).ingest.rollupRetention).toEqual({
      minuteMs: 90 * DAY,
      fiveMinutesMs: 90 * DAY,
      tenMinutesMs: 400 * DAY,
      hourMs: 3650 * DAY,
    });
    expect(
      loadConfig({
        ROLLUP_MINUTE_RETENTION_DAYS: '7',
        ROLLUP_FIVE_MINUTE_RETENTION_DAYS: '14',
        ROLLUP_TEN_MINUTE_RETENTION_DAYS: '30.5',
        ROLLUP_HOUR_RETENTION_DAYS: '36500',
      }).ingest.rollupRetention,
    ).toEqual({ minuteMs: 7 * DAY, fiveMinutesMs: 14 * DAY, tenMinutesMs: 30.5 * DAY, hourMs: 36_500 * DAY });
    for (const [name, value] of [
      ['ROLLUP_MINUTE_RETENTION_DAYS', '0'],
      ['ROLLUP_FIVE_MINUTE_RETENTION_DAYS', '-1'],
      ['ROLLUP_TEN_MINUTE_RETENTION_DAYS', 'a year'],
      ['ROLLUP_HOUR_RETENTION_DAYS', '36501'],
    ] as const)
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('trades SQLite durability for speed only when SQLITE_SYNCHRONOUS=normal says so', () => {
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).database).toMatchObject({ kind: 'sqlite', synchronous: 'normal' });
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });

  it('bounds the ingest backlog by INGEST_MAX_BACKLOG, a size with or without its unit', () => {
    expect(loadConfig({}).ingest.maxBacklogBytes).toBe(16 * 1024 ** 2);
    expect(loadConfig({ INGEST_MAX_BACKLOG: '512KiB' }).ingest.maxBacklogBytes).toBe(512 * 1024);
    expect(loadConfig({ INGEST_MAX_BACKLOG: '1.5 GB' }).ingest.maxBacklogBytes).toBe(1_500_000_000);
    expect(loadConfig({ INGEST_MAX_BACKLOG: '100000' }).ingest.maxBacklogBytes).toBe(100_000);
    expect(() => loadConfig({ INGEST_MAX_BACKLOG: '16 pages' })).toThrow(/INGEST_MAX_BACKLOG must be a size such as 16MiB/);
    expect(() => loadConfig({ INGEST_MAX_BACKLOG: '1KiB' })).toThrow(/INGEST_MAX_BACKLOG must be between 64 KiB and 4 GiB/);
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/dms', DATABASE_SCHEMA: 'dms' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/dms', schema: 'dms' });
  });

  it('reads Redis from REDIS_URL, its keys under REDIS_PREFIX (dms: unless set); none without it', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({ url: 'redis://cache:6379/2', prefix: 'dms:' });
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380', REDIS_PREFIX: 'plant-a:' }).redis).toEqual({
      url: 'rediss://cache:6380',
      prefix: 'plant-a:',
    });
    expect(loadConfig({ REDIS_PREFIX: 'x:' }).redis).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ REDIS_URL: 'http://cache:6379' }, /REDIS_URL must start with redis:\/\/ or rediss:\/\//],
    [{ REDIS_URL: 'redis://cache', REDIS_PREFIX: 'a b' }, /REDIS_PREFIX must be 1-64 letters, digits or _ : \. -/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\//],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ NODE_ENV: 'production' }, /ADMIN_PASSWORD is required when NODE_ENV=production/],
    [{ DEMO_PASSWORD: '123' }, /DEMO_PASSWORD must be 6-20 characters/],
  ])('stops on %j with one clear line', (env, pattern) => {
    try {
      loadConfig(env);
      expect.unreachable('config should have been refused');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as Error).message;
      expect(text).toMatch(pattern);
      expect(text).not.toContain('\n');
    }
  });

  it('accepts production with an admin password', () => {
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Str0ng-pass' }).admin).toEqual({
      username: 'rootadmin',
      password: 'Str0ng-pass',
    });
  });
});
