import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemoContent } from '../../seed/demo.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startApplication } from '../../server/start.ts';

/*
 * The suite's global setup: the demo law firm seeded once per run into an SQLite data folder, which
 * every test asking for the demo on SQLite copies (about 20 ms) instead of seeding it again (1.5–2 s
 * of images and records, about 25 times a run); and a migrated site without the demo, copied by the
 * SQLite tests that start empty instead of migrating a new file (about 150 ms less each, some 60
 * starts a run). PostgreSQL tests still migrate and seed their own schema.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder of a migrated, demo-seeded SQLite site (tests/helpers/test-app.ts copies it). */
    sqliteDemoTemplate: string;
    /** The data folder of a migrated SQLite site without the demo. */
    sqliteEmptyTemplate: string;
  }
}

/** The settings a template site and a test site share; only a test with other ones seeds its own. */
export const TEMPLATE_ADMIN = { email: 'admin@example.uz', password: 'correct-horse-battery' };

function templateConfig(dataDir: string, demo: boolean) {
  return loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEMPLATE_ADMIN.email,
    ADMIN_PASSWORD: TEMPLATE_ADMIN.password,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_CONTENT: demo ? 'true' : 'false',
    PUBLIC_URL: 'https://lawfirm.test',
  });
}

async function template(demo: boolean): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-template-'));
  const config = templateConfig(dataDir, demo);
  const application = await startApplication(config, createLogger(config.logLevel), { seedDemo: seedDemoContent });
  await application.close();
  return dataDir;
}

export default async function setup(project: TestProject) {
  const [demo, empty] = await Promise.all([template(true), template(false)]);
  project.provide('sqliteDemoTemplate', demo);
  project.provide('sqliteEmptyTemplate', empty);
  return () => {
    for (const dataDir of [demo, empty]) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
