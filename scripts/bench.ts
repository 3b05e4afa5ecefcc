/*
 * npm run bench: requests per second and latency of cached public pages and reads, on loopback.
 * Starts the real server (one Node process, so one core) on a fresh demo database, then drives it
 * with autocannon from this process (the other core): 32 connections, 10 s per URL after a 2 s
 * warm-up. `npm run bench -- --write` also rewrites the table in docs/performance.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The pages a shared link brings most visitors to, then the API's public reads. */
const urlsOf = (articleSlug: string) => ['/', `/news/${articleSlug}`, '/ru/faq', '/api/news?lang=ru', '/api/services', '/api/site-config'];
/** A phone's browser: article views are counted for readers, not for tools. */
const READER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

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

const run = (url: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1, headers: { 'user-agent': READER } }, (error, result) => (error ? reject(error) : resolve(result))));

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-bench-'));
  const port = 3900 + Math.floor(Math.random() * 50);
  const server = spawn(process.execPath, [path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO_CONTENT: 'true', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base);
    const rows: string[] = [];
    const newest = (await (await fetch(`${base}/api/news?limit=1`)).json()).data[0];
    for (const url of urlsOf(newest.slug)) {
      await run(base + url, 2);
      const result = await run(base + url, DURATION);
      const row = `| \`GET ${url.replace(newest.slug, '{slug}')}\` | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} |`;
      rows.push(row);
      console.log(row);
    }
    const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`;
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; ${CONNECTIONS} connections, ${DURATION} s per URL, server and load generator on loopback.`,
      '',
      '| request | requests/s | p50 | p99 | non-2xx |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) {
      const file = path.join(ROOT, 'docs/performance.md');
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, text.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, `<!-- bench:start -->\n${table}\n<!-- bench:end -->`));
      console.log(`\nwritten to ${path.relative(ROOT, file)}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
