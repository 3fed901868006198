import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_2FA_ROLES, passwordProblem, ROLES, usernameProblem } from '@dms/contract';

/** The embedded broker's port when MQTT_PORT is not set; if it is busy (say, a Mosquitto of the machine's own), the next free one of the following 16 is taken. */
export const DEFAULT_MQTT_PORT = 1883;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const boolish = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kib: 1024,
  kb: 1000,
  mib: 1024 ** 2,
  mb: 1000 ** 2,
  gib: 1024 ** 3,
  gb: 1000 ** 3,
};

/** A size in bytes, written as bytes or with a unit (`512KiB`, `16MiB`, `1GB`), within [min, max] bytes. */
const byteSize = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?\s*([kmg]i?b|b)?$/i, 'must be a size such as 16MiB, 512KiB or 1048576')
    .transform((v) => {
      const [, n = '0', unit = ''] = /^([\d.]+)\s*(\w*)$/.exec(v) ?? [];
      return Math.round(Number(n) * (BYTE_UNITS[unit.toLowerCase()] ?? 1));
    })
    .refine((n) => n >= min && n <= max, `must be between ${min / 1024} KiB and ${max / 1024 ** 3} GiB`);

const password = (name: string) =>
  z.string().refine((v) => passwordProblem(v) === null, `${name} must be 6-20 characters with no spaces or Chinese characters`);

/**
 * Every setting the server reads, from the environment. Each one is documented in README.md.
 * Unknown variables are ignored; a bad value stops the start with one clear line.
 */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    SECRET_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 bytes): `openssl rand -hex 32`')
      .optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql:// (leave it unset for the SQLite file)')
      .optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
      .optional(),
    SQLITE_SYNCHRONOUS: z.enum(['full', 'normal']).default('full'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss:// (leave it unset for one instance)')
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'must be 1-64 letters, digits or _ : . -')
      .default('dms:'),
    REDIS_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'must be 1-32 letters, digits or _ . - (leave it unset for one group)')
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DEMO_PASSWORD: password('DEMO_PASSWORD').default('demo123456'),
    ADMIN_USERNAME: z
      .string()
      .refine((v) => usernameProblem(v) === null, 'ADMIN_USERNAME must be 6-20 letters, digits or @#%^&*_-+')
      .default('rootadmin'),
    ADMIN_PASSWORD: password('ADMIN_PASSWORD').optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(24),
    LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(5),
    LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    LOGIN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    LOGIN_LIMIT_MAX_ENTRIES: z.coerce.number().int().min(100).default(10_000),
    API_KEY_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).default(10),
    API_KEY_BURST: z.coerce.number().int().min(1).max(100_000).default(60),
    // Comma-separated roles that must use two-factor sign-in; `none` for no role. Unset: root and limited_admin, except
    // under NODE_ENV=test (the test servers sign these roles in with a password alone unless a test sets it).
    REQUIRE_2FA_ROLES: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v.trim() === 'none' || v.split(',').every((r) => (ROLES as readonly string[]).includes(r.trim())),
        `must be \`none\` or roles among ${ROLES.join(', ')}, separated by commas`,
      ),
    PRODUCTION_HOST: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a bare host name such as example.com')
      .optional(),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: boolish.default(false),
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    MQTT_HOST: z.string().min(1).default('0.0.0.0'),
    MQTT_PUBLIC_HOST: z
      .string()
      .regex(/^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/i, 'must be a bare host name or address such as mqtt.example.com or 203.0.113.7')
      .optional(),
    MQTT_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    MQTT_URL: z
      .string()
      .regex(/^mqtts?:\/\//, 'must start with mqtt:// or mqtts:// (leave it unset for the embedded broker)')
      .optional(),
    MQTT_USERNAME: z.string().optional(),
    MQTT_PASSWORD: z.string().optional(),
    MQTT_SHARED_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -')
      .default('none'),
    MQTT_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')
      .optional(),
    HEARTBEAT_TIMEOUT_S: z.coerce.number().positive().max(86_400).default(90),
    WRITE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    BOX_RATE_LIMIT: z.coerce.number().positive().max(10_000).default(20),
    BOX_COMMAND_EXPIRY_H: z.coerce.number().positive().max(8760).default(72),
    BOX_DELETE_GRACE_DAYS: z.coerce.number().positive().max(3650).default(7),
    HISTORY_RETENTION_DAYS: z.coerce.number().positive().max(36_500).default(365),
    ROLLUP_MINUTE_RETENTION_DAYS: z.coerce.number().positive().max(36_500).default(90),
    ROLLUP_FIVE_MINUTE_RETENTION_DAYS: z.coerce.number().positive().max(36_500).default(90),
    ROLLUP_TEN_MINUTE_RETENTION_DAYS: z.coerce.number().positive().max(36_500).default(400),
    ROLLUP_HOUR_RETENTION_DAYS: z.coerce.number().positive().max(36_500).default(3650),
    CLOCK_SKEW_S: z.coerce.number().int().min(0).max(86_400).default(300),
    HISTORY_FLUSH_MS: z.coerce.number().int().min(1).max(10_000).default(50),
    INGEST_MAX_BACKLOG: byteSize(64 * 1024, 4 * 1024 ** 3).default(16 * 1024 ** 2),
    BROKER_AUTH_ALLOW: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_ALLOW: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
    DEMO_FLEET: boolish.optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, 'must look like smtp://user:password@host:587 or smtps://host:465')
      .optional(),
    SMTP_FROM: z.email('must be an e-mail address').optional(),
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+\/?$/, 'must be the console’s address, such as https://dms.example.com')
      .optional(),
    NOTIFY_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    NOTIFY_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    NOTIFY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    DEMO_FLEET_SIZE: z.coerce.number().int().min(1).max(10_000).default(50),
    DEMO_BACKFILL_DAYS: z.coerce.number().int().min(0).max(31).default(7),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is required when NODE_ENV=production (the first root admin gets it)',
      });
    }
  });

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The key that seals secrets at rest (the CK factories' master keys); unset: DATA_DIR/secret.key, made at first use. */
  secretKey?: string;
  /** SQLite: `synchronous` is FULL unless set to `normal` (faster; a power loss may lose the last acknowledged commits). */
  database: { kind: 'sqlite'; file: string; synchronous?: 'full' | 'normal' } | { kind: 'postgres'; url: string; schema?: string };
  /**
   * REDIS_URL: what several instances share (the event bus), under keys and channels that begin with `prefix`;
   * REDIS_GROUP: the server group of this instance, whose instances own its boxes among themselves (docs/scaling.md).
   */
  redis?: { url: string; prefix: string; group?: string };
  logLevel: (typeof LOG_LEVELS)[number];
  env: 'development' | 'production' | 'test';
  demoPassword: string;
  admin: { username: string; password?: string };
  sessionTtlMs: number;
  /** Sign-in protection (security/login-limiter.ts, README "Sign-in protection"). */
  loginLimit: { perUsername: number; perAddress: number; windowMs: number; maxDelayMs: number; maxEntries: number };
  /** The roles that must use two-factor sign-in (REQUIRE_2FA_ROLES): until they turn it on, only enrolment is open. */
  require2faRoles: readonly string[];
  /** Each API key's rate limit: calls a second on average, and at once (API_KEY_RATE_PER_SECOND, API_KEY_BURST). */
  apiKeyRate: { perSecond: number; burst: number };
  productionHost?: string;
  webDist: string;
  trustProxy: boolean;
  mqtt: {
    /** The embedded broker's port (0: any free port), unless `url` names an external broker. */
    port: number;
    /** MQTT_PORT was set: a busy port stops the start instead of moving to the next free one. */
    portExplicit: boolean;
    host: string;
    url?: string;
    username?: string;
    password?: string;
    /** The shared-subscription group of the server instances; null (MQTT_SHARED_GROUP=none): a plain subscription, one instance. */
    sharedGroup: string | null;
    clientId?: string;
    /** The broker address boxes are told to use (credentials): MQTT_PUBLIC_HOST/PORT, else the request's host and the broker's port. */
    publicHost?: string;
    publicPort?: number;
  };
  ingest: {
    heartbeatTimeoutMs: number;
    writeTimeoutMs: number;
    /** Messages per second one box may send (token bucket, burst twice that). */
    boxRateLimit: number;
    retentionMs: number;
    /** How long each level of history's rollups is kept (modules/history/rollups.ts). */
    rollupRetention: { minuteMs: number; fiveMinutesMs: number; tenMinutesMs: number; hourMs: number };
    flushMs: number;
    /** Payload bytes received from boxes and not yet handled, at most (INGEST_MAX_BACKLOG; backlog.ts). */
    maxBacklogBytes: number;
    /** How far ahead of the server's clock a box's snapshot time is trusted; beyond it, the receive time is stored. */
    clockSkewMs: number;
    /** How long a command waits for its offline box before it expires (docs/box-protocol.md, Commands). */
    commandExpiryMs: number;
    /** How long a deleted box can be restored before it is purged with its data (/smartbox/box-delete). */
    deleteGraceMs: number;
  };
  brokerAuthAllow: string[];
  /** Prometheus metrics on their own listener (off without METRICS_PORT), answered to the `allow` addresses only. */
  metrics: { port: number; host: string; allow: string[] } | null;
  /**
   * Notifications (docs/notifications.md): SMTP_URL and SMTP_FROM seed the e-mail server until root saves one;
   * PUBLIC_URL makes the links in messages absolute; the delivery worker's pace, the first retry's delay (each next
   * one four times longer) and the attempts before a delivery is failed.
   */
  notify: { smtpUrl?: string; smtpFrom?: string; publicUrl: string; tickMs: number; retryMs: number; attempts: number };
  /** Whether a fresh demo database gets a simulated fleet, and how many boxes. */
  /** backfillDays: days of history written for a new demo fleet at its first start (0: none). */
  demoFleet: { enabled: boolean; size: number; backfillDays: number };
}

export class ConfigError extends Error {}

/** Reads and checks the configuration; throws ConfigError with one line naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    ...(c.SECRET_KEY ? { secretKey: c.SECRET_KEY.toLowerCase() } : {}),
    database: c.DATABASE_URL
      ? { kind: 'postgres', url: c.DATABASE_URL, ...(c.DATABASE_SCHEMA ? { schema: c.DATABASE_SCHEMA } : {}) }
      : { kind: 'sqlite', file: path.join(dataDir, 'dms.sqlite'), synchronous: c.SQLITE_SYNCHRONOUS },
    ...(c.REDIS_URL ? { redis: { url: c.REDIS_URL, prefix: c.REDIS_PREFIX, ...(c.REDIS_GROUP ? { group: c.REDIS_GROUP } : {}) } } : {}),
    logLevel: c.LOG_LEVEL,
    env: c.NODE_ENV,
    demoPassword: c.DEMO_PASSWORD,
    admin: { username: c.ADMIN_USERNAME, ...(c.ADMIN_PASSWORD ? { password: c.ADMIN_PASSWORD } : {}) },
    sessionTtlMs: c.SESSION_TTL_HOURS * 3_600_000,
    loginLimit: {
      perUsername: c.LOGIN_LIMIT_PER_USERNAME,
      perAddress: c.LOGIN_LIMIT_PER_ADDRESS,
      windowMs: c.LOGIN_LIMIT_WINDOW_SECONDS * 1000,
      maxDelayMs: c.LOGIN_DELAY_MAX_SECONDS * 1000,
      maxEntries: c.LOGIN_LIMIT_MAX_ENTRIES,
    },
    require2faRoles: requiredSecondFactorRoles(c.REQUIRE_2FA_ROLES, c.NODE_ENV),
    apiKeyRate: { perSecond: c.API_KEY_RATE_PER_SECOND, burst: c.API_KEY_BURST },
    ...(c.PRODUCTION_HOST ? { productionHost: c.PRODUCTION_HOST.toLowerCase() } : {}),
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: c.TRUST_PROXY,
    mqtt: {
      port: c.MQTT_PORT ?? DEFAULT_MQTT_PORT,
      portExplicit: c.MQTT_PORT !== undefined,
      host: c.MQTT_HOST,
      sharedGroup: c.MQTT_SHARED_GROUP === 'none' ? null : c.MQTT_SHARED_GROUP,
      ...(c.MQTT_URL ? { url: c.MQTT_URL } : {}),
      ...(c.MQTT_USERNAME ? { username: c.MQTT_USERNAME } : {}),
      ...(c.MQTT_PASSWORD ? { password: c.MQTT_PASSWORD } : {}),
      ...(c.MQTT_CLIENT_ID ? { clientId: c.MQTT_CLIENT_ID } : {}),
      ...(c.MQTT_PUBLIC_HOST ? { publicHost: c.MQTT_PUBLIC_HOST } : {}),
      ...(c.MQTT_PUBLIC_PORT ? { publicPort: c.MQTT_PUBLIC_PORT } : {}),
    },
    ingest: {
      heartbeatTimeoutMs: c.HEARTBEAT_TIMEOUT_S * 1000,
      writeTimeoutMs: c.WRITE_TIMEOUT_MS,
      boxRateLimit: c.BOX_RATE_LIMIT,
      retentionMs: c.HISTORY_RETENTION_DAYS * 86_400_000,
      rollupRetention: {
        minuteMs: c.ROLLUP_MINUTE_RETENTION_DAYS * 86_400_000,
        fiveMinutesMs: c.ROLLUP_FIVE_MINUTE_RETENTION_DAYS * 86_400_000,
        tenMinutesMs: c.ROLLUP_TEN_MINUTE_RETENTION_DAYS * 86_400_000,
        hourMs: c.ROLLUP_HOUR_RETENTION_DAYS * 86_400_000,
      },
      flushMs: c.HISTORY_FLUSH_MS,
      maxBacklogBytes: c.INGEST_MAX_BACKLOG,
      clockSkewMs: c.CLOCK_SKEW_S * 1000,
      commandExpiryMs: Math.round(c.BOX_COMMAND_EXPIRY_H * 3_600_000),
      deleteGraceMs: Math.round(c.BOX_DELETE_GRACE_DAYS * 86_400_000),
    },
    brokerAuthAllow: c.BROKER_AUTH_ALLOW.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    metrics:
      c.METRICS_PORT === undefined
        ? null
        : {
            port: c.METRICS_PORT,
            host: c.METRICS_HOST,
            allow: c.METRICS_ALLOW.split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          },
    notify: {
      ...(c.SMTP_URL ? { smtpUrl: c.SMTP_URL } : {}),
      ...(c.SMTP_FROM ? { smtpFrom: c.SMTP_FROM } : {}),
      publicUrl: (c.PUBLIC_URL ?? '').replace(/\/$/, ''),
      tickMs: c.NOTIFY_TICK_MS,
      retryMs: c.NOTIFY_RETRY_MS,
      attempts: c.NOTIFY_ATTEMPTS,
    },
    // The demo fleet comes with the demo accounts (not in production), unless DEMO_FLEET says otherwise.
    demoFleet: { enabled: c.DEMO_FLEET ?? c.NODE_ENV === 'development', size: c.DEMO_FLEET_SIZE, backfillDays: c.DEMO_BACKFILL_DAYS },
  };
}

/** REQUIRE_2FA_ROLES read: `none` is no role; unset is root and limited_admin (no role for test servers). */
function requiredSecondFactorRoles(value: string | undefined, env: Config['env']): readonly string[] {
  if (value === undefined) return env === 'test' ? [] : DEFAULT_2FA_ROLES;
  if (value.trim() === 'none') return [];
  return value.split(',').map((r) => r.trim());
}
