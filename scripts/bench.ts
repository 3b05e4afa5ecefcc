/*
 * npm run bench: requests per second and latency of cached public pages and reads, on loopback.
 * Starts the real server (one Node process, so one core) on a fresh demo database, then drives it
 * with autocannon from this process (the other core): 32 connections, 10 s per URL after a 2 s
 * warm-up. `npm run bench -- --write` also rewrites the table in docs/performance.md;
 * `npm run bench -- --scale` measures a site grown to 10,000 articles instead (scripts/bench-scale.ts).
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { machineLine, READER, replaceSection, ROOT, startBenchServer } from './bench-server.ts';

/** The pages a shared link brings most visitors to, then the API's public reads. */
const urlsOf = (articleSlug: string) => ['/', `/news/${articleSlug}`, '/ru/faq', '/api/news?lang=ru', '/api/services', '/api/site-config'];
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const run = (url: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1, headers: { 'user-agent': READER } }, (error, result) => (error ? reject(error) : resolve(result))));

async function main() {
  if (process.argv.includes('--scale')) {
    await import('./bench-scale.ts');
    return;
  }
  const server = await startBenchServer();
  const { base } = server;
  try {
    const rows: string[] = [];
    const newest = (await (await fetch(`${base}/api/news?limit=1`)).json()).data[0];
    for (const url of urlsOf(newest.slug)) {
      await run(base + url, 2);
      const result = await run(base + url, DURATION);
      const row = `| \`GET ${url.replace(newest.slug, '{slug}')}\` | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} |`;
      rows.push(row);
      console.log(row);
    }
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; ${CONNECTIONS} connections, ${DURATION} s per URL, server and load generator on loopback.`,
      '',
      '| request | requests/s | p50 | p99 | non-2xx |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) {
      replaceSection(path.join(ROOT, 'docs/performance.md'), 'bench', table);
      console.log('\nwritten to docs/performance.md');
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
