import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NEW_BADGE_DAYS_DEFAULT } from '@catalogue/shared/domain/new-badge';
import { isPasswordLongEnough, PASSWORD_MIN_LENGTH } from '@catalogue/shared/domain/signup';
import { SITE } from '@catalogue/shared/domain/site';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.ts';

/** The repository root: apps/server/{src,dist} are both two levels below it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * The public origin (and optional path) our images are served from when a CDN or object store
   * sits in front of `/media`; unset: SITE_URL. Product image addresses are built from it.
   */
  MEDIA_BASE_URL: optionalString.pipe(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /** Where pictures are kept: `directory` (DATA_DIR/media) or `s3` (an S3-compatible bucket). */
  MEDIA_STORE: z.enum(['directory', 's3'], { message: 'must be directory or s3' }).default('directory'),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  /** Any S3-compatible service (MinIO, Cloudflare R2, ...); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: optionalString.pipe(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .optional(),
  ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** `true` for services that take the bucket in the path (MinIO, most self-hosted ones). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** The AWS SDK's standard credentials; both or neither (then its own chain: profile, role). */
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  /** Whether anonymous visitors and buyers receive product prices; admins always do. */
  PUBLIC_PRICES: bool.default(false),
  SITE_VERIFICATION: z.string().default(''),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Which proxies are believed about the client's address and protocol (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  GEO_COUNTRY_HEADER: z
    .string()
    .default('cf-ipcountry')
    .transform((v) => v.toLowerCase()),
  /** URLs per sitemap file before /sitemap.xml becomes an index (the protocol allows 50,000). */
  SITEMAP_MAX_URLS: z.coerce.number().int().min(1).max(50_000).default(50_000),
  /** How long one instance may serve a cached catalogue list; its own writes clear it at once. 0 = no cache. */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How many days after it was added a product's card carries the New badge; 0 = never. */
  NEW_BADGE_DAYS: z.coerce.number().int().min(0).max(3650).default(NEW_BADGE_DAYS_DEFAULT),
  SEED_DEMO: bool.default(true),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  // The accounts' own rule: an administrator could not choose a shorter one on the profile page.
  ADMIN_PASSWORD: optionalString.pipe(
    z.string().refine(isPasswordLongEnough, `must be at least ${PASSWORD_MIN_LENGTH} characters`).optional(),
  ),
  /** `required`: a new account verifies its e-mail address before sending a price request. */
  EMAIL_VERIFICATION: z.enum(['required', 'off']).default('required'),
  /** `on`: new buyers wait as `pending` until an administrator approves them. */
  TRADE_APPROVAL: z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no', ''])
    .default('off')
    .transform((v) => v === 'on' || v === 'true' || v === '1' || v === 'yes'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SIGNING_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** The sender; its display name defaults to the business's one name (`SITE.name`). */
  MAIL_FROM: z.string().default(`${SITE.name} <no-reply@localhost>`),
  BUSINESS_EMAIL: z.string().email().default('sales@example.com'),
  /** The wait before a failed mail's first retry; each next one waits twice as long, up to an hour. */
  MAIL_RETRY_FIRST_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_CONTACT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_ORDER: z.coerce.number().int().min(1).default(10),
  /** Comments per window, per account, on price requests (buyers and administrators alike). */
  RATE_LIMIT_COMMENT: z.coerce.number().int().min(1).default(20),
  /** Requests per window, per address, for a selection's link (page, JSON, preview, line sheets). */
  RATE_LIMIT_SELECTION_LINK: z.coerce.number().int().min(1).default(120),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  /** True when SITE_URL was not set (the default applies): production start warns about it. */
  siteUrlDefaulted: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once. Every problem is listed, so a bad deployment is fixed in one go.
 * Nothing else in the server reads `process.env`.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const problems = mediaStoreProblems(result.data);
  if (problems.length) throw new ConfigError(problems);
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = path.isAbsolute(result.data.DATA_DIR)
    ? result.data.DATA_DIR
    : path.resolve(source.DATA_DIR ? base : REPO_ROOT, result.data.DATA_DIR);
  return { ...result.data, dataDir, siteUrlDefaulted: !source.SITE_URL?.trim() };
}

/** The settings of the media store that contradict each other (each named), or none. */
function mediaStoreProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (env.MEDIA_STORE === 's3' && !env.S3_BUCKET)
    problems.push('S3_BUCKET: is required when MEDIA_STORE is s3 (the bucket that keeps the pictures)');
  if (env.MEDIA_STORE === 'directory' && (env.S3_BUCKET || env.S3_ENDPOINT))
    problems.push(
      'MEDIA_STORE: is directory but S3_BUCKET or S3_ENDPOINT is set; set MEDIA_STORE=s3 to keep the pictures in the bucket',
    );
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY))
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both, or neither');
  return problems;
}

/** Where our images are publicly served from: MEDIA_BASE_URL, else SITE_URL. */
export function mediaBaseUrl(env: Pick<Env, 'MEDIA_BASE_URL' | 'SITE_URL'>): string {
  return env.MEDIA_BASE_URL ?? env.SITE_URL;
}

/**
 * The warning a production start logs when SITE_URL is unset, or null. Canonical links, the
 * sitemap and e-mails are built from it, so the default would send visitors to localhost.
 */
export function siteUrlWarning(env: Pick<Env, 'NODE_ENV' | 'SITE_URL' | 'siteUrlDefaulted'>): string | null {
  if (env.NODE_ENV !== 'production' || !env.siteUrlDefaulted) return null;
  return `SITE_URL is not set: canonical links, the sitemap and e-mails will point at ${env.SITE_URL}; set SITE_URL to the site's public address`;
}

/** Values the browser may see: an explicit list, nothing else. */
export function publicEnv(env: Env) {
  return {
    siteUrl: env.SITE_URL,
    siteVerification: env.SITE_VERIFICATION,
    publicPrices: env.PUBLIC_PRICES,
    newBadgeDays: env.NEW_BADGE_DAYS,
    /** What a new account goes through before its first price request (sign-up says it). */
    isEmailVerificationRequired: env.EMAIL_VERIFICATION === 'required',
    isTradeApprovalOn: env.TRADE_APPROVAL,
  };
}
