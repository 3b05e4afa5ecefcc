/*
 * npm run lighthouse: Lighthouse (mobile preset: a mid-range phone on a slow 4G network,
 * simulated) with the system's Chromium, on every kind of public page of a fresh demo site served
 * by the production build, in Uzbek and Russian (and the home page in English). Prints the four category scores per page;
 * `-- --write` also rewrites the table in docs/performance.md. Never downloads a browser.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => candidate && fs.existsSync(candidate));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function waitForHealth(url: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

async function main() {
  if (!CHROME) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH.');
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.ts')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-lighthouse-'));
  const port = 3950 + Math.floor(Math.random() * 40);
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, [path.join(ROOT, 'build/server.js')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO_CONTENT: 'true', PUBLIC_URL: base, DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless', '--accept-lang=uz-UZ', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await waitForHealth(base);
    const article = (await (await fetch(`${base}/api/news?limit=1`)).json()).data[0];
    const lawyer = (await (await fetch(`${base}/api/team?limit=1`)).json()).data[0];
    const post = (await (await fetch(`${base}/api/blog?limit=1`)).json()).data[0];
    const kinds = ['/', '/services', '/services/corporate', '/team', `/team/${lawyer.slug}`, '/news', `/news/${article.slug}`, '/blog', `/blog/${post.slug}`, '/contact', '/faq', '/privacy', '/careers', '/events', '/industries', '/matters', '/partners'];
    const pages = [...kinds, ...kinds.map((page) => (page === '/' ? '/ru' : `/ru${page}`)), '/en'];
    const rows: string[] = [];
    const failures: string[] = [];
    for (const page of pages) {
      // One warm-up so that the page is measured as a returning visitor's first view of it would be served (from the cache).
      await fetch(base + page);
      // Lighthouse now and then fails to read a trace (no LCP found): that page is measured again, at most twice.
      let lhr = (await lighthouse(base + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders: { 'Accept-Language': 'uz-UZ' } }))!.lhr;
      for (let retry = 0; lhr.runtimeError && retry < 2; retry += 1) {
        console.log(`${page}: ${lhr.runtimeError.code}, measured again`);
        lhr = (await lighthouse(base + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders: { 'Accept-Language': 'uz-UZ' } }))!.lhr;
      }
      const scores = CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
      const lcp = lhr.audits['largest-contentful-paint']?.displayValue ?? '';
      const tbt = lhr.audits['total-blocking-time']?.displayValue ?? '';
      const cls = lhr.audits['cumulative-layout-shift']?.displayValue ?? '';
      rows.push(`| \`${page.replace(article.slug, '{slug}').replace(lawyer.slug, '{slug}').replace(post.slug, '{slug}')}\` | ${scores.join(' | ')} | ${lcp} | ${tbt} | ${cls} |`);
      for (const [index, category] of CATEGORIES.entries()) {
        if (scores[index] < 95) {
          const failed = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 0.9 && lhr.categories[category].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0));
          failures.push(`${page} ${category} ${scores[index]}: ${failed.map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`).join(', ')}`);
        }
      }
      console.log(rows[rows.length - 1]);
    }
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} (mobile preset, simulated slow 4G) and Chromium from Debian, on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), demo content.`,
      '',
      '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(`\n${table}`);
    if (failures.length) console.log(`\nBelow 95:\n${failures.join('\n')}`);
    if (process.argv.includes('--write')) {
      const file = path.join(ROOT, 'docs/performance.md');
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, text.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, `<!-- lighthouse:start -->\n${table}\n<!-- lighthouse:end -->`));
    }
    if (failures.length) process.exitCode = 1;
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
