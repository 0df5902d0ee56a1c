import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false', '']).transform((value) => value === '1' || value === 'true');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** Every setting, its default, and what it does: the README's table is written from this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_NAME: z.string().min(1).default('Portico'),
  APP_URL: z.url().optional(),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Portico <no-reply@portico.test>'),
  /** where the investor portal's contact form goes (spec §9 "Default support address"); MAIL_FROM's address by default */
  SUPPORT_EMAIL: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email('must be an email address').optional()),
  SESSION_LIFETIME: z.coerce.number().int().min(1).default(120),
  SESSION_COOKIE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold letters, digits, _ and - only')
    .default('portico_session'),
  SESSION_SECURE_COOKIE: z.enum(['auto', 'true', 'false']).default('auto'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: flag.default(false),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  MAINTENANCE: flag.default(false),
  /** API requests a minute per signed-in user (per IP for guests); 0 switches the limit off */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(300),
  /** how often an idle job worker asks PostgreSQL for work (pg-boss; decision 034) */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(10),
  SEED_DEMO: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUSHER_APP_ID: z.string().min(1).default('portico'),
  PUSHER_APP_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold letters, digits, _ and - only')
    .default('portico-key'),
  PUSHER_APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  UPLOAD_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    // the largest document (DOCUMENT_MAX_BYTES in contracts) must fit
    .default(20 * 1024 * 1024),
  /** the largest multipart body, all its files and fields: what one request may hold in memory */
  UPLOAD_REQUEST_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  INVESTOR_NAV_VARIANT: z.coerce
    .number()
    .int()
    .refine((value) => value === 0 || value === 1 || value === 2, { message: 'must be 0, 1 or 2' })
    .default(0),
  BACK_TO_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_VERSION: z.string().min(1).default('1.0.0'),
  /** test-only: a movable server clock and POST /api/testing/clock (refused in production) */
  TEST_CLOCK: flag.default(false),
  /** who screens investors' identity (docs/decisions/010-screening-provider.md); staff review only, now */
  SCREENING_PROVIDER: z.enum(['staff']).default('staff'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  'APP_URL' | 'APP_KEY' | 'CORS_ORIGINS' | 'SESSION_SECURE_COOKIE' | 'PUSHER_APP_SECRET' | 'SUPPORT_EMAIL'
> {
  SUPPORT_EMAIL: string;
  APP_URL: string;
  APP_KEY: string;
  PUSHER_APP_SECRET: string;
  CORS_ORIGINS: string[];
  secureCookies: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** "Portico <no-reply@portico.test>" → "no-reply@portico.test". */
const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();

/** The key signs links and cookies; without APP_KEY one is made once and kept in DATA_DIR. */
function loadOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, source[name]]));
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(known).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message.replace(':attribute', String(issue.path[0]))} (got ${JSON.stringify(
          source[String(issue.path[0])],
        )})`,
    );
    throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.S3_BUCKET && !(env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid settings:\n  S3_BUCKET: needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as well',
    );
  }
  if (env.NODE_ENV === 'production' && !env.APP_KEY && env.DATABASE_URL) {
    throw new ConfigError('Invalid settings:\n  APP_KEY: is required in production with DATABASE_URL');
  }
  if (env.UPLOAD_REQUEST_LIMIT < env.UPLOAD_LIMIT) {
    throw new ConfigError(
      'Invalid settings:\n  UPLOAD_REQUEST_LIMIT: must be at least UPLOAD_LIMIT, or the largest file could never be sent',
    );
  }
  if (env.NODE_ENV === 'production' && env.TEST_CLOCK) {
    throw new ConfigError(
      'Invalid settings:\n  TEST_CLOCK: is for tests only and cannot be set in production',
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const origins = env.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const appKey = env.APP_KEY ?? loadOrCreateAppKey(env.DATA_DIR);
  return {
    ...env,
    APP_URL: appUrl,
    APP_KEY: appKey,
    SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? addressOf(env.MAIL_FROM),
    // Channel signatures need a secret every node shares: derived from APP_KEY unless given.
    PUSHER_APP_SECRET:
      env.PUSHER_APP_SECRET ?? createHmac('sha256', appKey).update('pusher-app-secret').digest('hex'),
    CORS_ORIGINS: origins.length > 0 ? origins : [new URL(appUrl).origin],
    secureCookies:
      env.SESSION_SECURE_COOKIE === 'auto'
        ? appUrl.startsWith('https://')
        : env.SESSION_SECURE_COOKIE === 'true',
  };
}
