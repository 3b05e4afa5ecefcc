import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemoContent } from '../../seed/demo.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startApplication } from '../../server/start.ts';
import { createPostgresSchema } from './databases.ts';

/*
 * The suite's global setup: the demo law firm seeded once per run into an SQLite data folder, which
 * every test asking for the demo on SQLite copies (about 20 ms) instead of seeding it again (1.5–2 s
 * of images and records, about 25 times a run); and a migrated site without the demo, copied by the
 * SQLite tests that start empty instead of migrating a new file (about 150 ms less each, some 60
 * starts a run). The same two on PostgreSQL (with TEST_DATABASE_URL): a schema migrated, and one
 * seeded, each with its data folder, which a PostgreSQL test copies table by table
 * (tests/helpers/databases.ts) instead of migrating, and seeding, a schema of its own.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder of a migrated, demo-seeded SQLite site (tests/helpers/test-app.ts copies it). */
    sqliteDemoTemplate: string;
    /** The data folder of a migrated SQLite site without the demo. */
    sqliteEmptyTemplate: string;
    /** A PostgreSQL schema migrated and demo-seeded, and its data folder (with TEST_DATABASE_URL). */
    postgresDemoTemplate: PostgresTemplate | null;
    /** A migrated PostgreSQL schema without the demo, and its data folder. */
    postgresEmptyTemplate: PostgresTemplate | null;
  }
}

/** The settings a template site and a test site share; only a test with other ones seeds its own. */
export const TEMPLATE_ADMIN = { email: 'admin@example.uz', password: 'correct-horse-battery' };

export interface PostgresTemplate {
  schema: string;
  dataDir: string;
}

function templateConfig(dataDir: string, demo: boolean, postgres = false) {
  return loadConfig({
    ...(postgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEMPLATE_ADMIN.email,
    ADMIN_PASSWORD: TEMPLATE_ADMIN.password,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_CONTENT: demo ? 'true' : 'false',
    PUBLIC_URL: 'https://lawfirm.test',
  });
}

async function template(demo: boolean, schema?: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-template-'));
  const config = templateConfig(dataDir, demo, Boolean(schema));
  const application = await startApplication(config, createLogger(config.logLevel), { schema, seedDemo: seedDemoContent });
  await application.close();
  return dataDir;
}

async function postgresTemplate(demo: boolean): Promise<PostgresTemplate & { drop: () => Promise<void> }> {
  const { schema, drop } = await createPostgresSchema();
  return { schema, dataDir: await template(demo, schema), drop };
}

export default async function setup(project: TestProject) {
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  const [demo, empty, postgresDemo, postgresEmpty] = await Promise.all([
    template(true),
    template(false),
    postgres ? postgresTemplate(true) : null,
    postgres ? postgresTemplate(false) : null,
  ]);
  project.provide('sqliteDemoTemplate', demo);
  project.provide('sqliteEmptyTemplate', empty);
  project.provide('postgresDemoTemplate', postgresDemo && { schema: postgresDemo.schema, dataDir: postgresDemo.dataDir });
  project.provide('postgresEmptyTemplate', postgresEmpty && { schema: postgresEmpty.schema, dataDir: postgresEmpty.dataDir });
  return async () => {
    for (const dataDir of [demo, empty, postgresDemo?.dataDir, postgresEmpty?.dataDir]) if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([postgresDemo?.drop(), postgresEmpty?.drop()]);
  };
}
