import path from 'node:path';
import { z } from 'zod';
import { passwordProblem, usernameProblem } from '@dms/contract';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

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
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql:// (leave it unset for the SQLite file)')
      .optional(),
    DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DEMO_PASSWORD: password('DEMO_PASSWORD').default('demo123456'),
    ADMIN_USERNAME: z
      .string()
      .refine((v) => usernameProblem(v) === null, 'ADMIN_USERNAME must be 6-20 letters, digits or @#%^&*_-+')
      .default('rootadmin'),
    ADMIN_PASSWORD: password('ADMIN_PASSWORD').optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
    LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(5),
    LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    LOGIN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    PRODUCTION_HOST: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a bare host name such as example.com')
      .optional(),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: boolish.default(false),
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
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  logLevel: (typeof LOG_LEVELS)[number];
  env: 'development' | 'production' | 'test';
  demoPassword: string;
  admin: { username: string; password?: string };
  sessionTtlMs: number;
  loginLimit: { perUsername: number; perAddress: number; windowMs: number };
  productionHost?: string;
  webDist: string;
  trustProxy: boolean;
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
    database: c.DATABASE_URL
      ? { kind: 'postgres', url: c.DATABASE_URL, ...(c.DATABASE_SCHEMA ? { schema: c.DATABASE_SCHEMA } : {}) }
      : { kind: 'sqlite', file: path.join(dataDir, 'dms.sqlite') },
    logLevel: c.LOG_LEVEL,
    env: c.NODE_ENV,
    demoPassword: c.DEMO_PASSWORD,
    admin: { username: c.ADMIN_USERNAME, ...(c.ADMIN_PASSWORD ? { password: c.ADMIN_PASSWORD } : {}) },
    sessionTtlMs: c.SESSION_TTL_HOURS * 3_600_000,
    loginLimit: {
      perUsername: c.LOGIN_LIMIT_PER_USERNAME,
      perAddress: c.LOGIN_LIMIT_PER_ADDRESS,
      windowMs: c.LOGIN_LIMIT_WINDOW_SECONDS * 1000,
    },
    ...(c.PRODUCTION_HOST ? { productionHost: c.PRODUCTION_HOST.toLowerCase() } : {}),
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: c.TRUST_PROXY,
  };
}
