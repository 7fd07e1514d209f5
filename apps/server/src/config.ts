import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).optional(),
  DEFAULT_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).default('123456'),
  CAPTCHA: onOff.default(true),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  TRUST_PROXY: onOff.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Tests only: lets the editor's remote image capture fetch private and loopback addresses. */
  UPLOAD_ALLOW_PRIVATE_FETCH: onOff.default(false),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  adminPassword: string | undefined;
  defaultPassword: string;
  captcha: boolean;
  sessionTtlMs: number;
  trustProxy: boolean;
  logLevel: string;
  /** Built web app to serve; absent → API only. */
  webDist: string | undefined;
  /** Remote image capture may reach private/loopback addresses (tests only; never in production). */
  uploadAllowPrivateFetch: boolean;
}

export class ConfigError extends Error {}

/** process.env → typed config; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'kaoshi.db') },
    redisUrl: e.REDIS_URL,
    adminPassword: e.ADMIN_PASSWORD,
    defaultPassword: e.DEFAULT_PASSWORD,
    captcha: e.CAPTCHA,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    uploadAllowPrivateFetch: e.UPLOAD_ALLOW_PRIVATE_FETCH,
  };
}
