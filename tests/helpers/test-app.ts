import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { seedDemoContent } from '../../seed/demo.ts';
import type { AppServices } from '../../server/app-services.ts';
import { loadConfig } from '../../server/config.ts';
import type { UploadLimits } from '../../server/intake/upload-places.ts';
import { createLogger } from '../../server/logger.ts';
import { loadServerBuild, startApplication, type Application } from '../../server/start.ts';
import { createPostgresSchema, type TestDialect } from './databases.ts';
import { TEMPLATE_ADMIN } from './demo-template.ts';

export const ADMIN_EMAIL = TEMPLATE_ADMIN.email;
export const ADMIN_PASSWORD = TEMPLATE_ADMIN.password;
/** Settings that change what a first start writes: a test that sets one seeds its own site. */
const SEEDING_SETTINGS = /^(ADMIN_|DEMO_|DATA_DIR|DATABASE_URL|MEDIA_|S3_|TIME_ZONE|.*_KEY$)/;

export interface TestApp {
  url: string;
  dialect: TestDialect;
  dataDir: string;
  /** The PostgreSQL schema it runs in (a second instance can start on it with `existing`). */
  schema?: string;
  services: AppServices;
  application: Application;
  /** fetch against the app, JSON in and out. */
  api(pathname: string, init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> }): Promise<ApiResponse>;
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

interface ApiResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface TestAppOptions {
  demo?: boolean;
  ssr?: boolean;
  env?: Record<string, string>;
  /** How often scheduled moments are looked for (default 300 ms in tests). */
  scheduleCheckMs?: number;
  /** Extra routes for a test, added before the app starts listening. */
  extend?: (app: FastifyInstance) => void;
  /** Scheduled backups every this many milliseconds (with BACKUP_DIR in env). */
  backupIntervalMs?: number;
  /** Where the app's log goes (at info level), for a test that reads it; otherwise nothing is logged. */
  logTo?: NodeJS.WritableStream;
  /** Shorter time limits for anonymous uploads (a cut-off test waits a second, not half a minute). */
  uploadLimits?: Partial<UploadLimits>;
  /** How often a replica's state is checked (with DATABASE_REPLICA_URL in env). */
  replicaCheckMs?: number;
  /** Start on a data folder and schema that already hold a site (after a restore); the caller removes them. */
  existing?: { dataDir: string; schema?: string };
  /** Listen on this port (a test whose PUBLIC_URL must be the address the browser opens: passkeys); any free one otherwise. */
  port?: number;
}

/** The whole application on a real database file (or a fresh PostgreSQL schema) and a real port. */
export async function startTestApp(dialect: TestDialect, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.existing?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-test-'));
  // On SQLite: a copy of the site migrated (and, for the demo, seeded) once for this run (tests/helpers/demo-template.ts).
  // On PostgreSQL: a copy of a schema migrated (and seeded) once for this run, with its data folder.
  const copied = !options.existing && !Object.keys(options.env ?? {}).some((name) => SEEDING_SETTINGS.test(name));
  const template: { dataDir: string; schema?: string } | undefined = !copied
    ? undefined
    : dialect === 'sqlite'
      ? { dataDir: inject(options.demo ? 'sqliteDemoTemplate' : 'sqliteEmptyTemplate') }
      : (inject(options.demo ? 'postgresDemoTemplate' : 'postgresEmptyTemplate') ?? undefined);
  if (template && fs.existsSync(template.dataDir)) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const postgres = options.existing
    ? options.existing.schema
      ? { schema: options.existing.schema, drop: async () => {} }
      : undefined
    : dialect === 'postgres'
      ? await createPostgresSchema(template?.schema)
      : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_CONTENT: options.demo ? 'true' : 'false',
    PUBLIC_URL: 'https://lawfirm.test',
    ...(postgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    ...options.env,
  });
  const logger = options.logTo ? createLogger('info', false, options.logTo as never) : createLogger(config.logLevel);
  const application = await startApplication(config, logger, {
    schema: postgres?.schema,
    ssrBuild: options.ssr ? await loadServerBuild() : undefined,
    seedDemo: seedDemoContent,
    scheduleCheckMs: options.scheduleCheckMs ?? 300,
    outboxCheckMs: 200,
    backupIntervalMs: options.backupIntervalMs,
    uploadLimits: options.uploadLimits,
    replicaCheckMs: options.replicaCheckMs,
  });
  options.extend?.(application.app);
  await application.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = application.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const api: TestApp['api'] = async (pathname, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + pathname, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  return {
    url,
    dialect,
    dataDir,
    schema: postgres?.schema,
    services: application.services,
    application,
    api,
    async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      const response = await api('/api/auth/login', { body: { email, password } });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
      return response.body.data.token as string;
    },
    async close() {
      await application.close();
      await postgres?.drop();
      if (!options.existing) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
