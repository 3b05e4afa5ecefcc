import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../domain/shared/time-zone.ts';
import { edgeConfigOf, type EdgeConfig } from './edge/edge-config.ts';
import type { MtConfig } from './machine-translation/providers.ts';
import { MT_PROVIDERS } from '../domain/translation/machine-drafts.ts';

/** A PEM that holds an RSA private key (what DKIM signing with rsa-sha256 needs). */
function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** Every setting the product reads; all come from the environment (see .env.example). */
const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1, 'must be a host name or address such as 0.0.0.0 or 127.0.0.1').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must be a folder path').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname')
    .optional(),
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be the PostgreSQL URL of a streaming replica such as postgres://user:password@replica:5432/dbname')
    .optional(),
  REPLICA_READ_AFTER_WRITE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds from 0 to 3600' })
    .min(0, 'must be a number of seconds from 0 to 3600')
    .max(3600, 'must be a number of seconds from 0 to 3600')
    .default(5),
  REPLICA_MAX_LAG_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds from 1 to 86400' })
    .min(1, 'must be a number of seconds from 1 to 86400')
    .max(86400, 'must be a number of seconds from 1 to 86400')
    .default(30),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://lawfirm.uz' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters long').max(200, 'must be at most 200 characters long').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an SMTP URL such as smtp://user:password@mail.example.com:587')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|[0-9]|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be false, true (one proxy), the number of proxies in front (such as 2), or their addresses (such as 10.0.0.5,10.0.0.6 or 10.0.0.0/8)',
    )
    .default('false')
    .transform((value): number | string[] | false => {
      if (value === 'false' || value === '0') return false;
      if (value === 'true') return 1;
      if (/^[0-9]$/.test(value)) return Number(value);
      return value.split(',').map((address) => address.trim());
    }),
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token from @BotFather, such as 123456789:AA…').optional(),
  TELEGRAM_CHAT_ID: z.string().regex(/^-?\d+$|^@[A-Za-z0-9_]{5,}$/, 'must be a chat id such as -1001234567890, or @channelname').optional(),
  INDEXNOW_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,128}$/, 'must be 8 to 128 letters, digits and hyphens (a random string: openssl rand -hex 16)')
    .optional(),
  INDEXNOW_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.indexnow.org/indexnow' })
    .default('https://api.indexnow.org/indexnow'),
  TELEGRAM_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.telegram.org' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.telegram.org'),
  TELEGRAM_PERSONAL_DATA: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  TIME_ZONE: z
    .string()
    .refine((value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    }, `must be an IANA time zone such as ${DEFAULT_TIME_ZONE}`)
    .default(DEFAULT_TIME_ZONE),
  DEMO_CONTENT: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  MEDIA_STORAGE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be the store\'s http(s) address such as https://s3.example.com or http://minio:9000' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://media.lawfirm.uz' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long (a random string: openssl rand -hex 24)').optional(),
  BACKUP_DIR: z.string().min(1, 'must be a folder path').optional(),
  SESSION_IDLE_HOURS: z.coerce
    .number({ error: 'must be a number of hours from 1 to 168' })
    .min(1, 'must be a number of hours from 1 to 168')
    .max(168, 'must be a number of hours from 1 to 168')
    .default(12),
  BACKUP_KEY: z.string().min(16, 'must be at least 16 characters long (a random string: openssl rand -base64 32); keep it outside the server and its backups').optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(7),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a number of hours from 1 to 720' })
    .min(1, 'must be a number of hours from 1 to 720')
    .max(720, 'must be a number of hours from 1 to 720')
    .default(24),
  MEMORY_TARGET_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes: 0 (off), or from 128 to 65536' })
    .int('must be a whole number of megabytes: 0 (off), or from 128 to 65536')
    .refine((value) => value === 0 || (value >= 128 && value <= 65_536), 'must be a whole number of megabytes: 0 (off), or from 128 to 65536')
    .default(384),
  EVENT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 3650' })
    .int('must be a whole number of days from 1 to 3650')
    .min(1, 'must be a whole number of days from 1 to 3650')
    .max(3650, 'must be a whole number of days from 1 to 3650')
    .default(90),
  DOCUMENT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 3650' })
    .int('must be a whole number of days from 1 to 3650')
    .min(1, 'must be a whole number of days from 1 to 3650')
    .max(3650, 'must be a whole number of days from 1 to 3650')
    .default(90),
  APPLICATION_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 3650' })
    .int('must be a whole number of days from 1 to 3650')
    .min(1, 'must be a whole number of days from 1 to 3650')
    .max(3650, 'must be a whole number of days from 1 to 3650')
    .default(180),
  /** clamd's socket: a path (/run/clamav/clamd.ctl) or tcp://host:port. */
  CLAMAV_SOCKET: z.string().regex(/^(\/\S+|tcp:\/\/[^\s:/]+:\d{1,5})$/, 'must be a socket path such as /run/clamav/clamd.ctl or tcp://127.0.0.1:3310').optional(),
  /** `production` on a server: start-up then warns of what a server should not do (documents' key beside the data). */
  NODE_ENV: z.string().optional(),
  /** The key client documents are encrypted with: 32 bytes in base64 (openssl rand -base64 32). */
  DOCUMENT_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 random bytes in base64, such as the output of: openssl rand -base64 32')
    .optional(),
  MAIL_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int('must be a whole number from 1 to 10000')
    .min(1, 'must be a whole number from 1 to 10000')
    .max(10000, 'must be a whole number from 1 to 10000')
    .default(60),
  /** DKIM signing of every e-mail sent (nodemailer's own): the domain of the From address, a selector, an RSA key in PEM. */
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be the domain the e-mails are sent from, such as lawfirm.uz')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i, 'must be a DNS label such as mail2026 (the key is published at mail2026._domainkey.DKIM_DOMAIN)')
    .optional(),
  DKIM_PRIVATE_KEY: z
    .string()
    // One line in an environment file: the PEM's line breaks may be written as \n.
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine(isRsaPrivateKey, 'must be an RSA private key in PEM (-----BEGIN PRIVATE KEY----- …), such as one made by: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048')
    .optional(),
  LINK_CHECK_LIMIT: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int('must be a whole number from 1 to 10000')
    .min(1, 'must be a whole number from 1 to 10000')
    .max(10000, 'must be a whole number from 1 to 10000')
    .default(300),
  LINK_CHECK_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds from 1 to 60' })
    .min(1, 'must be a number of seconds from 1 to 60')
    .max(60, 'must be a number of seconds from 1 to 60')
    .default(10),
  LINK_CHECK_PRIVATE: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).optional(),
  /** Sign-in through the firm's OpenID Connect provider (Microsoft Entra ID, Google Workspace…). */
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be the provider\'s issuer URL such as https://login.microsoftonline.com/<tenant id>/v2.0' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60, 'must be at most 60 characters (the button says "Sign in with …")').default('single sign-on'),
  OIDC_ROLES: z
    .string()
    .regex(/^\s*(admin|editor|approver|translator)\s*=[^,=]+(,\s*(admin|editor|approver|translator)\s*=[^,=]+)*$/, 'must be role=group pairs separated by commas, such as admin=Site admins,editor=Marketing (roles: admin, editor, approver, translator)')
    .optional(),
  OIDC_ROLE_CLAIM: z.string().regex(/^[A-Za-z0-9_.:/-]{1,200}$/, 'must be the name of a claim such as groups or roles').default('groups'),
  OIDC_CREATE_ACCOUNTS: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  PASSWORD_SIGN_IN: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true'),
  MT_PROVIDER: z.enum(MT_PROVIDERS, { error: `must be one of ${MT_PROVIDERS.join(', ')}` }).optional(),
  MT_API_KEY: z.string().min(1).optional(),
  MT_API_URL: z.url({ error: 'must be an address such as https://api.deepl.com' }).optional(),
  MT_FOLDER_ID: z.string().min(1).max(100).optional(),
});

/** Values that may hold credentials are never echoed back in an error. */
const SECRET_VARIABLES = new Set(['OIDC_CLIENT_SECRET', 'DATABASE_URL', 'DATABASE_REPLICA_URL', 'ADMIN_PASSWORD', 'SMTP_URL', 'TELEGRAM_BOT_TOKEN', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN', 'DOCUMENT_KEY', 'DKIM_PRIVATE_KEY', 'MT_API_KEY']);

/** An S3-compatible store for uploads (MEDIA_STORAGE=s3). */
export interface S3Config {
  /** Empty for Amazon S3 itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Images are sent from here (a CDN or the bucket's public address) instead of through the app. */
  publicUrl: string | undefined;
  forcePathStyle: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Visitors' uncached reads from this PostgreSQL streaming replica (db/replica.ts). */
  replica: { url: string; readAfterWriteSeconds: number; maxLagSeconds: number } | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  logLevel: string;
  demoContent: boolean;
  /** The firm's time zone: dates on pages and the moments editors schedule are read in it. */
  timeZone: string;
  /** New contact requests to a Telegram chat (both token and chat id set). */
  telegram: { botToken: string; chatId: string; apiUrl: string; personalData: boolean } | undefined;
  /** IndexNow (INDEXNOW_KEY): publishing, address changes and unpublishing announced to INDEXNOW_URL. */
  indexNow: { key: string; url: string } | undefined;
  /**
   * Behind proxies: take the client address from X-Forwarded-For, trusting only this many hops
   * from the right (or only these proxy addresses), never a left-most address a visitor wrote.
   */
  trustProxy: number | string[] | false;
  /** Where uploads live: DATA_DIR/uploads, or an S3-compatible bucket. */
  media: { storage: 'disk' } | ({ storage: 's3' } & S3Config);
  /** GET /metrics answers only with this bearer token; without it, /metrics does not exist. */
  metricsToken: string | undefined;
  /** Scheduled backups from the running server, when a folder is given. */
  backups: { directory: string; keep: number; intervalHours: number } | undefined;
  /** A sign-in unused this long ends (every sign-in ends after 7 days anyway). */
  sessionIdleHours: number;
  /** Backups are encrypted and authenticated with this (AES-256-GCM), and a restore checks it. */
  backupKey: string | undefined;
  /**
   * The weekly check of outside links: at most `limit` addresses a run, each given `timeoutMs`;
   * addresses on a private network are asked only with `allowPrivate` (a test's local server).
   */
  linkCheck: { limit: number; timeoutMs: number; allowPrivate: boolean };
  /** At most this many e-mails to subscribers a minute, all instances together (the mail provider's limit). */
  mailRatePerMinute: number;
  /** Every e-mail is signed with DKIM when set (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY together). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  /** Registrations for an event are erased this many days after it ends. */
  eventRetentionDays: number;
  /** Over this resident memory the heap is collected when the server is next checked (0: never). */
  memoryTargetBytes: number;
  /**
   * Client documents (intake): kept this many days unless the matter was opened; applications for
   * vacancies this many; scanned by clamd at this socket when set; encrypted with this key (else
   * with one kept in DATA_DIR/keys, made at first use).
   */
  intake: { documentRetentionDays: number; applicationRetentionDays: number; clamavSocket: string | undefined; documentKey: Buffer | undefined };
  /** NODE_ENV=production: a server, not a developer's machine. */
  production: boolean;
  /** Sign-in through an OpenID Connect provider, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
  oidc: OidcConfig | undefined;
  /** false: only break-glass accounts sign in with a password (PASSWORD_SIGN_IN=false). */
  passwordSignIn: boolean;
  /** A CDN or a shared cache in front, purged by tag (EDGE_PURGE, server/edge/edge-config.ts); undefined: off. */
  edge: EdgeConfig | undefined;
  /** Machine drafts through DeepL, Google or Yandex (MT_PROVIDER, server/machine-translation/); undefined: off. */
  machineTranslation: MtConfig | undefined;
}

/** The firm's OpenID Connect provider (API-4.md "Sign-in that a firm's IT accepts"). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's words: "Sign in with {name}". */
  name: string;
  /** Each role and the group (a value of `roleClaim`) that grants it, in the order given. */
  roles: Array<{ role: 'admin' | 'editor' | 'approver' | 'translator'; group: string }>;
  roleClaim: string;
  createAccounts: boolean;
  /** Where the provider sends the browser back: from PUBLIC_URL, never from a request's Host. */
  redirectUri: string;
}

const isTrue = (value: string) => value === 'true' || value === '1';

/** OIDC_ROLES: `admin=Group A,editor=Group B`. */
function oidcRoles(value: string | undefined): OidcConfig['roles'] {
  return (value ?? '')
    .split(',')
    .map((pair) => pair.split('='))
    .filter((pair) => pair.length === 2)
    .map(([role, group]) => ({ role: role!.trim() as OidcConfig['roles'][number]['role'], group: group!.trim() }));
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = SECRET_VARIABLES.has(name) ? '' : ` (got "${String(present[name])}")`;
      return `Invalid configuration: ${name} ${issue.message}${shown}.`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const value = parsed.data;
  if (Boolean(value.TELEGRAM_BOT_TOKEN) !== Boolean(value.TELEGRAM_CHAT_ID)) {
    throw new ConfigError('Invalid configuration: TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set together.');
  }
  if (Boolean(value.ADMIN_EMAIL) !== Boolean(value.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together.');
  }
  const dkim = [value.DKIM_DOMAIN, value.DKIM_SELECTOR, value.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    throw new ConfigError('Invalid configuration: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together (or none of them).');
  }
  if (value.DATABASE_REPLICA_URL && !value.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_REPLICA_URL is a replica of the PostgreSQL database in DATABASE_URL: set DATABASE_URL too (an SQLite site has no replica).');
  }
  const oidcParts = [value.OIDC_ISSUER, value.OIDC_CLIENT_ID, value.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError('Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none of them).');
  }
  if (value.OIDC_ISSUER && !value.OIDC_ROLES) {
    throw new ConfigError('Invalid configuration: OIDC_ROLES must say which group gives which role, such as admin=Site admins,editor=Marketing: without it nobody could sign in with OpenID Connect.');
  }
  if (!isTrue(value.PASSWORD_SIGN_IN) && !value.OIDC_ISSUER) {
    throw new ConfigError('Invalid configuration: PASSWORD_SIGN_IN=false needs OIDC_ISSUER (and its client) set: otherwise only break-glass accounts could sign in.');
  }
  if (value.MEDIA_STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !value[name]);
    if (missing.length) throw new ConfigError(`Invalid configuration: MEDIA_STORAGE=s3 needs ${missing.join(', ')} as well.`);
  }
  if (value.MT_PROVIDER && !value.MT_API_KEY) {
    throw new ConfigError(`Invalid configuration: MT_PROVIDER=${value.MT_PROVIDER} needs MT_API_KEY (the service's key) as well.`);
  }
  let edge: EdgeConfig | undefined;
  try {
    edge = edgeConfigOf(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    edge,
    machineTranslation: value.MT_PROVIDER && value.MT_API_KEY ? { provider: value.MT_PROVIDER, apiKey: value.MT_API_KEY, apiUrl: value.MT_API_URL, folderId: value.MT_FOLDER_ID } : undefined,
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    replica: value.DATABASE_REPLICA_URL
      ? { url: value.DATABASE_REPLICA_URL, readAfterWriteSeconds: value.REPLICA_READ_AFTER_WRITE_SECONDS, maxLagSeconds: value.REPLICA_MAX_LAG_SECONDS }
      : undefined,
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    adminEmail: value.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: value.ADMIN_PASSWORD,
    smtpUrl: value.SMTP_URL,
    logLevel: value.LOG_LEVEL,
    demoContent: value.DEMO_CONTENT,
    timeZone: value.TIME_ZONE,
    indexNow: value.INDEXNOW_KEY ? { key: value.INDEXNOW_KEY, url: value.INDEXNOW_URL } : undefined,
    telegram:
      value.TELEGRAM_BOT_TOKEN && value.TELEGRAM_CHAT_ID
        ? { botToken: value.TELEGRAM_BOT_TOKEN, chatId: value.TELEGRAM_CHAT_ID, apiUrl: value.TELEGRAM_API_URL, personalData: value.TELEGRAM_PERSONAL_DATA }
        : undefined,
    trustProxy: value.TRUST_PROXY,
    media:
      value.MEDIA_STORAGE === 's3'
        ? {
            storage: 's3',
            endpoint: value.S3_ENDPOINT,
            region: value.S3_REGION,
            bucket: value.S3_BUCKET!,
            accessKeyId: value.S3_ACCESS_KEY_ID!,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY!,
            publicUrl: value.S3_PUBLIC_URL,
            // Self-hosted stores (MinIO, Garage, Ceph) answer at endpoint/bucket; Amazon at bucket.host.
            forcePathStyle: value.S3_FORCE_PATH_STYLE ? value.S3_FORCE_PATH_STYLE === 'true' || value.S3_FORCE_PATH_STYLE === '1' : Boolean(value.S3_ENDPOINT),
          }
        : { storage: 'disk' },
    metricsToken: value.METRICS_TOKEN,
    backupKey: value.BACKUP_KEY,
    sessionIdleHours: value.SESSION_IDLE_HOURS,
    backups: value.BACKUP_DIR ? { directory: path.resolve(value.BACKUP_DIR), keep: value.BACKUP_KEEP, intervalHours: value.BACKUP_INTERVAL_HOURS } : undefined,
    mailRatePerMinute: value.MAIL_RATE_PER_MINUTE,
    dkim: value.DKIM_DOMAIN && value.DKIM_SELECTOR && value.DKIM_PRIVATE_KEY ? { domainName: value.DKIM_DOMAIN.toLowerCase(), keySelector: value.DKIM_SELECTOR, privateKey: value.DKIM_PRIVATE_KEY } : undefined,
    eventRetentionDays: value.EVENT_RETENTION_DAYS,
    memoryTargetBytes: value.MEMORY_TARGET_MB * 1024 * 1024,
    intake: {
      documentRetentionDays: value.DOCUMENT_RETENTION_DAYS,
      applicationRetentionDays: value.APPLICATION_RETENTION_DAYS,
      clamavSocket: value.CLAMAV_SOCKET,
      documentKey: value.DOCUMENT_KEY ? Buffer.from(value.DOCUMENT_KEY, 'base64') : undefined,
    },
    production: value.NODE_ENV === 'production',
    oidc:
      value.OIDC_ISSUER && value.OIDC_CLIENT_ID && value.OIDC_CLIENT_SECRET
        ? {
            issuer: value.OIDC_ISSUER,
            clientId: value.OIDC_CLIENT_ID,
            clientSecret: value.OIDC_CLIENT_SECRET,
            name: value.OIDC_NAME,
            roles: oidcRoles(value.OIDC_ROLES),
            roleClaim: value.OIDC_ROLE_CLAIM,
            createAccounts: isTrue(value.OIDC_CREATE_ACCOUNTS),
            redirectUri: `${value.PUBLIC_URL ?? `http://localhost:${value.PORT}`}/api/auth/oidc/callback`,
          }
        : undefined,
    passwordSignIn: isTrue(value.PASSWORD_SIGN_IN),
    linkCheck: { limit: value.LINK_CHECK_LIMIT, timeoutMs: value.LINK_CHECK_TIMEOUT_SECONDS * 1000, allowPrivate: value.LINK_CHECK_PRIVATE === 'true' || value.LINK_CHECK_PRIVATE === '1' },
  };
}
