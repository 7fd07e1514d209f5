import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** proxy-addr's names for whole ranges (Fastify's trustProxy takes them as it takes addresses). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, or a CIDR range (address/prefix length, or address/netmask). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * 'off', or the reverse proxies whose X-Forwarded-* headers are believed, as a comma-separated
 * list. 'on' used to trust every hop, which let any client name its own address (the left-most
 * X-Forwarded-For entry): it is refused rather than guessed at. A hop count is not offered:
 * Fastify 5 ignores one, since it cannot tell a proxy from a client connecting directly.
 */
const trustProxy = z
  .string()
  .transform((value) => value.trim())
  .superRefine((value, context) => {
    if (['on', 'true', '1'].includes(value)) {
      context.addIssue({
        code: 'custom',
        message:
          `"${value}" would trust every address, letting any client choose its own; give the ` +
          'addresses of your reverse proxies instead, e.g. TRUST_PROXY=127.0.0.1 or ' +
          'TRUST_PROXY=10.0.0.0/8,loopback (IP addresses, CIDR ranges, loopback, linklocal, ' +
          'uniquelocal), or off',
      });
      return;
    }
    if (['off', 'false', '0'].includes(value)) return;
    const bad = value.split(',').filter((entry) => !isProxyAddress(entry.trim()));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message:
          `not an IP address or CIDR range: ${bad.map((entry) => `"${entry.trim()}"`).join(', ')}` +
          ' (a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal; or off)',
      });
    }
  })
  .transform((value): string[] | false =>
    ['off', 'false', '0'].includes(value) ? false : value.split(',').map((entry) => entry.trim()),
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  // Connections each server process keeps to PostgreSQL. 30: a start storm of 10,000 on one
  // process queued behind 10 (p50 5.5 s) and not behind 30 (p50 0.6 s); 50 did no better.
  // Processes × this must stay under the server's max_connections (100 by default).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(30),
  // Besides them, the control lane's (db/control-lane.ts): a pause never queues behind saves.
  DATABASE_CONTROL_POOL_SIZE: z.coerce.number().int().min(1).max(20).default(3),
  // Server processes on this machine behind the one port (Node's cluster; docs/operations).
  // Default 1: measured, two workers on SQLite cost more per examinee than one process (the two
  // writers wait on the file's lock) until that is solved (docs/benchmarks.md).
  WORKERS: z.coerce.number().int().min(1, 'must be 1 or more').max(64).optional(),
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
  TRUST_PROXY: trustProxy.default(false),
  STUDENT_INITIAL_PASSWORD: z
    .enum(['id-last6', 'random'], {
      error: 'must be id-last6 (the last six characters of the ID number) or random',
    })
    // The ID number's end is nearly public (the birth day is its only unknown): not the default.
    .default('random'),
  // An absence from the exam page shorter than this is no leave (a reload rejoins within it).
  LEAVE_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  // Time a paused attempt gets back, per attempt, at most; past it the proctor is told to
  // reschedule the candidate instead (docs/features/proctoring.md "Pausing").
  COMPENSATORY_MINUTES_LIMIT: z.coerce.number().int().min(0).max(1440).default(45),
  /**
   * The address users reach the server at (behind any proxy), e.g. https://exams.example.org.
   * Printed addresses (a certificate's QR code) are built from it, never from a request's Host.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return /^https?:$/.test(url.protocol) && !url.search && !url.hash && !url.username;
      } catch {
        return false;
      }
    }, 'must be an http:// or https:// address with no query, e.g. https://exams.example.org')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** The body that issues certificates, printed on each one. */
  CERTIFICATE_ISSUER: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Tests only: lets the editor's remote image capture fetch private and loopback addresses. */
  UPLOAD_ALLOW_PRIVATE_FETCH: onOff.default(false),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database:
    | { kind: 'sqlite'; file: string }
    | {
        kind: 'postgres';
        url: string;
        poolSize: number;
        /** The control lane's own connections (db/control-lane.ts); 3 unless given. */
        controlPoolSize?: number;
      };
  redisUrl: string | undefined;
  /** Server processes on this machine (WORKERS; default 1). */
  workers: number;
  adminPassword: string | undefined;
  defaultPassword: string;
  captcha: boolean;
  sessionTtlMs: number;
  /** The reverse proxies trusted for X-Forwarded-* (addresses, CIDR ranges), or none. */
  trustProxy: string[] | false;
  /** How a student account's first password (and the one a reset gives back) is chosen. */
  studentInitialPassword: 'id-last6' | 'random';
  /** An absence from the exam page shorter than this is no leave (LEAVE_GRACE_SECONDS). */
  leaveGraceMs: number;
  /** Paused time given back per attempt at most (COMPENSATORY_MINUTES_LIMIT). */
  compensatoryLimitMs: number;
  /** The public address, without a trailing slash; http://localhost:PORT when not configured. */
  publicUrl: string;
  /** Whether PUBLIC_URL was given (else the start warns). */
  publicUrlConfigured: boolean;
  /** Printed on certificates; empty when not configured (the start warns). */
  certificateIssuer: string;
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
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          controlPoolSize: e.DATABASE_CONTROL_POOL_SIZE,
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'kaoshi.db') },
    redisUrl: e.REDIS_URL,
    workers: e.WORKERS ?? 1,
    adminPassword: e.ADMIN_PASSWORD,
    defaultPassword: e.DEFAULT_PASSWORD,
    captcha: e.CAPTCHA,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY,
    studentInitialPassword: e.STUDENT_INITIAL_PASSWORD,
    leaveGraceMs: e.LEAVE_GRACE_SECONDS * 1000,
    compensatoryLimitMs: e.COMPENSATORY_MINUTES_LIMIT * 60_000,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    certificateIssuer: e.CERTIFICATE_ISSUER ?? '',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    uploadAllowPrivateFetch: e.UPLOAD_ALLOW_PRIVATE_FETCH,
  };
}

/** What a working but incomplete configuration lacks: the start prints each line. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.publicUrlConfigured) {
    warnings.push(
      `PUBLIC_URL is not set: certificate QR codes point at ${config.publicUrl}, which only ` +
        'this machine opens. Set it to the address users reach, e.g. PUBLIC_URL=https://exams.example.org',
    );
  }
  if (!config.certificateIssuer) {
    warnings.push(
      'CERTIFICATE_ISSUER is not set: certificates name no issuing body. Set it to your ' +
        "centre's name, e.g. CERTIFICATE_ISSUER=某市职业技能鉴定中心",
    );
  }
  const { database, workers } = config;
  if (database.kind === 'postgres') {
    const each = database.poolSize + (database.controlPoolSize ?? 3);
    if (workers * each > 90) {
      warnings.push(
        `WORKERS=${workers} processes × ${each} connections each (DATABASE_POOL_SIZE=` +
          `${database.poolSize} and the control lane's ${each - database.poolSize}) pass what ` +
          'PostgreSQL allows by default (max_connections 100): lower DATABASE_POOL_SIZE, or ' +
          "raise the server's max_connections",
      );
    }
  }
  return warnings;
}
