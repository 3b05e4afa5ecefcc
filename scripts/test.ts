/*
 * The whole test suite: `npm test`. Runs everything this machine allows and says what it skipped:
 * SQLite always; PostgreSQL when TEST_DATABASE_URL is set; browser tests when a Chromium is found
 * (CHROME_PATH or /usr/bin/chromium). With REQUIRE_ALL_TESTS=1 (CI) a skip is a failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const strict = process.env.REQUIRE_ALL_TESTS === '1';
const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => candidate && fs.existsSync(candidate));
const notices: string[] = [];
if (!process.env.TEST_DATABASE_URL) notices.push('PostgreSQL tests SKIPPED: set TEST_DATABASE_URL=postgres://… to run every API test on PostgreSQL too.');
if (!chrome) notices.push('Browser tests SKIPPED: install Chromium (apt-get install chromium) or set CHROME_PATH.');
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((candidate) => fs.existsSync(candidate));
if (!nginx) notices.push('Two instances behind nginx SKIPPED: install nginx (apt-get install nginx-light).');
if (process.getuid?.() !== 0) notices.push('The Dockerfile steps SKIPPED: they run as root (the image has a user of its own).');
if (!['/usr/bin/java', '/usr/local/bin/java'].some((candidate) => fs.existsSync(candidate))) notices.push('The HTML validity check SKIPPED: install Java (apt-get install default-jre-headless) for the W3C Nu checker.');
if (!['/usr/bin/xmllint', '/usr/local/bin/xmllint'].some((candidate) => fs.existsSync(candidate))) notices.push('The sitemaps\' schema check SKIPPED: install xmllint (apt-get install libxml2-utils).');
if (!fs.existsSync('/usr/bin/docker-compose')) notices.push('The compose file check SKIPPED: install docker-compose (apt-get install docker-compose).');

for (const notice of notices) console.log(`\n*** NOTICE: ${notice}`);
if (strict && notices.length) {
  console.error('\nREQUIRE_ALL_TESTS=1: every part of the suite must run; failing.');
  process.exit(1);
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// Page tests render the real production build; server processes run the compiled server.
run(process.execPath, ['scripts/build.ts']);
const testEnv = { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) };
// One run: the deployment files after the rest, the longest files first (tests/helpers/sequencer.ts).
run('vitest', ['run', ...process.argv.slice(2)], testEnv);

if (notices.length) for (const notice of notices) console.log(`*** NOTICE: ${notice}`);
