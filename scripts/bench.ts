/*
 * npm run bench: requests per second and latency of cached public pages and reads, on loopback.
 * Starts the real server (one Node process, so one core) on a fresh demo database, then drives it
 * with autocannon from this process (the other core): 32 connections, 10 s per URL after a 2 s
 * warm-up. `npm run bench -- --write` also rewrites the table in docs/performance.md;
 * `npm run bench -- --scale` measures a site grown to 10,000 articles instead (scripts/bench-scale.ts);
 * `npm run bench -- --start` only how long a start takes (scripts/bench-start.ts), which a whole run
 * measures last; `npm run bench -- --render [--against REF]` an uncached article page against an
 * earlier commit, in the same run (scripts/bench-render.ts); `npm run bench -- --saves` cached pages
 * while an editor saves every second (scripts/bench-saves.ts); `npm run bench -- --save-cost [--against REF]`
 * what one save of a legal alert costs the server against an earlier commit (scripts/bench-save-cost.ts);
 * `npm run bench -- --growth [--against REF]` a site grown to 12,000 records through the API, against
 * an earlier commit in interleaved slices: records/s, processor time per record, peak memory (scripts/bench-growth.ts);
 * `npm run bench -- --edge` the origin's processor time per 10,000 visitor requests with and without
 * Varnish in front, in the same run (scripts/bench-edge.ts).
 * With BENCH_DATABASE_URL=postgres://…
 * every one of them runs on PostgreSQL (a fresh schema per server).
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { startNginxWithBytesOf } from './bench-nginx.ts';
import { machineLine, READER, replaceSection, ROOT, startBenchServer } from './bench-server.ts';
import { benchRender } from './bench-render.ts';
import { benchGrowth } from './bench-growth.ts';
import { benchSaveCost } from './bench-save-cost.ts';
import { benchSaves } from './bench-saves.ts';
import { benchStart } from './bench-start.ts';
import { benchEdge } from './bench-edge.ts';

/** The pages a shared link brings most visitors to, then the API's public reads. */
const urlsOf = (articleSlug: string) => ['/', `/news/${articleSlug}`, '/ru/faq', '/ru/contact', '/api/news?lang=ru', '/api/news?lang=ru&fields=title,slug,date,excerpt,image,category', '/api/services', '/api/site-config'];
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const COMPARE_SECONDS = Number(process.env.BENCH_COMPARE_SECONDS ?? 5);

const run = (url: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1, headers: { 'user-agent': READER } }, (error, result) => (error ? reject(error) : resolve(result))));

async function main() {
  if (process.argv.includes('--scale')) {
    await import('./bench-scale.ts');
    return;
  }
  if (process.argv.includes('--render')) {
    await benchRender();
    return;
  }
  if (process.argv.includes('--growth')) {
    await benchGrowth();
    return;
  }
  if (process.argv.includes('--save-cost')) {
    await benchSaveCost();
    return;
  }
  if (process.argv.includes('--edge')) {
    const table = await benchEdge();
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) replaceSection(path.join(ROOT, 'docs/performance.md'), 'edge', table);
    return;
  }
  if (process.argv.includes('--saves')) {
    const table = await benchSaves();
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) replaceSection(path.join(ROOT, 'docs/performance.md'), 'saves', table);
    return;
  }
  if (!process.argv.includes('--start')) await benchPages();
  // Starts are measured on SQLite, the embedded database a single server starts with.
  if (process.env.BENCH_DATABASE_URL) return;
  const starts = `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.\n\n${await benchStart()}`;
  console.log(`\n${starts}`);
  if (process.argv.includes('--write')) replaceSection(path.join(ROOT, 'docs/performance.md'), 'starts', starts);
}

async function benchPages() {
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
    // Issue 16's yardstick: nginx serving the same bytes, three interleaved rounds, medians.
    const compared = ['/', `/news/${newest.slug}`, '/api/news?lang=ru'];
    const nginx = await startNginxWithBytesOf(base, compared, { 'user-agent': READER });
    const ratioRows: string[] = [];
    if (nginx) {
      try {
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
        for (const url of compared) {
          const ours: autocannon.Result[] = [];
          const theirs: autocannon.Result[] = [];
          for (let round = 0; round < 3; round += 1) {
            ours.push(await run(base + url, COMPARE_SECONDS));
            theirs.push(await run(nginx.urlOf(url), COMPARE_SECONDS));
          }
          if ([...ours, ...theirs].some((result) => result.non2xx || result.errors)) throw new Error(`${url}: some answers of the comparison failed`);
          const [a, b] = [median(ours.map((result) => result.requests.average)), median(theirs.map((result) => result.requests.average))];
          const row = `| \`GET ${url.replace(newest.slug, '{slug}')}\` | ${Math.round(a)} req/s, p99 ${median(ours.map((result) => result.latency.p99))} ms | ${Math.round(b)} req/s, p99 ${median(theirs.map((result) => result.latency.p99))} ms | ${(a / b).toFixed(2)} |`;
          ratioRows.push(row);
          console.log(row);
        }
      } finally {
        await nginx.stop();
      }
    }
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; ${CONNECTIONS} connections, ${DURATION} s per URL, server and load generator on loopback.`,
      '',
      '| request | requests/s | p50 | p99 | non-2xx |',
      '|---|---|---|---|---|',
      ...rows,
      ...(ratioRows.length
        ? [
            '',
            `Against nginx 1 worker serving the same bytes (three interleaved rounds of ${COMPARE_SECONDS} s, medians; the goal of issue 16 is at least 0.5× with p99 under 10 ms):`,
            '',
            '| request | ours | nginx, same bytes | ours ÷ nginx |',
            '|---|---|---|---|',
            ...ratioRows,
          ]
        : []),
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
