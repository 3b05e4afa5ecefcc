/*
 * npm run bench -- --scale: what a page costs as the content grows. Starts the real server on a
 * fresh demo database, measures the reads a visitor, a search engine and an editor make (uncached:
 * every request a new address, so each one is rendered or queried; and cached), then grows the site
 * through the API to 10,000 news articles and 2,000 blog posts (measuring uncached reads once more
 * after the first 100, to tell the cost of their size from that of their number) and measures the same again.
 * One article holding a word no other holds is posted first: a search for it answers one record at
 * every size, where the benchmark's other word matches one article in 50.
 * SCALE_NEWS / SCALE_BLOG change the numbers; `--write` puts the table into docs/performance.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { article, SEARCHED } from './bench-articles.ts';
import { BENCH_ADMIN, cpuMs, freshQuery, machineLine, READER, replaceSection, ROOT, signIn, startBenchServer } from './bench-server.ts';

const NEWS = Number(process.env.SCALE_NEWS ?? 10_000);
const BLOG = Number(process.env.SCALE_BLOG ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** A word only one article holds, on every size of the site: a search whose answer does not grow with it. */
const ONE_MATCH = 'mediatsiya';
/** The articles like the large site's added first: their cost apart from their number. */
const FEW = 100;

/** Posts `count` more articles of `kind`, numbered after the first `after`. */
async function grow(base: string, token: string, kind: 'news' | 'blog', count: number, after = 0) {
  const started = performance.now();
  const last = after + count;
  let next = after;
  const worker = async () => {
    while (next < last) {
      const index = (next += 1);
      const response = await fetch(`${base}/api/${kind}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(article(index, kind)) });
      if (response.status !== 201) throw new Error(`POST /api/${kind}: ${response.status} ${await response.text()}`);
      if (index % 1000 === 0) console.log(`  ${kind}: ${index} of ${last}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return (performance.now() - started) / 1000;
}

interface Measure {
  name: string;
  url: string;
  admin?: boolean;
}

/** One measurement: p50/p99 and requests/s; `fresh` gives every request an address of its own. */
function measure(base: string, url: string, options: { fresh: boolean; connections: number; token?: string }) {
  const joiner = url.includes('?') ? '&' : '?';
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: base + url,
        connections: options.connections,
        duration: SECONDS,
        headers: { 'user-agent': READER, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        requests: options.fresh ? [{ setupRequest: (request) => ({ ...request, path: `${url}${joiner}${freshQuery()}` }) }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/**
 * One connection asking for a new address each time, one request after another for SECONDS: p50 and
 * p99 to a tenth of a millisecond (autocannon counts whole milliseconds, and a demo site's answer
 * takes less than one, so a ratio to it said nothing).
 */
async function uncached(base: string, url: string, token: string | undefined, pid: number): Promise<{ p50: number; p99: number; total: number; bytes: number; cpu: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const joiner = url.includes('?') ? '&' : '?';
  const times: number[] = [];
  let bytes = 0;
  const cpuBefore = cpuMs(pid);
  const until = performance.now() + SECONDS * 1000;
  try {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.get(`${base}${url}${joiner}${freshQuery()}`, { agent, headers: { 'user-agent': READER, ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (response) => {
          let length = 0;
          response.on('data', (chunk: Buffer) => (length += chunk.length));
          response.on('end', () => {
            bytes = length;
            resolve(response.statusCode ?? 0);
          });
        });
        request.on('error', reject);
      });
      if (status < 200 || status >= 300) throw new Error(`${url}: answered ${status}`);
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  // The server's processor time per answer (from /proc): what other work on the machine changes least.
  const cpu = Math.round(((cpuMs(pid) - cpuBefore) / Math.max(1, times.length)) * 100) / 100;
  times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), total: times.length, bytes, cpu };
}

async function measureAll(base: string, token: string, pid: number, measures: Measure[], { cachedToo = true } = {}) {
  const results = new Map<string, { fresh: { p50: number; p99: number; total: number; bytes: number; cpu: number }; cached?: autocannon.Result }>();
  for (const item of measures) {
    const fresh = await uncached(base, item.url, item.admin ? token : undefined, pid);
    const cached = item.admin || !cachedToo ? undefined : await measure(base, item.url, { fresh: false, connections: 32 });
    const failed = cached ? cached.non2xx + cached.errors : 0;
    if (failed || !fresh.total) throw new Error(`${item.url}: ${failed} of ${cached?.requests.total ?? 0} cached answers failed or were not 2xx`);
    results.set(item.name, { fresh, cached });
    console.log(`  ${item.name}: uncached p50 ${fresh.p50} ms p99 ${fresh.p99} ms, ${fresh.bytes} B, server CPU ${fresh.cpu} ms; cached ${cached ? `${Math.round(cached.requests.average)} req/s p99 ${cached.latency.p99} ms` : '-'}`);
  }
  return results;
}

async function measuresFor(base: string): Promise<Measure[]> {
  const list = await (await fetch(`${base}/api/news?limit=1`)).json();
  const pages = Math.max(1, Math.ceil(list.pagination.total / 10));
  const middle = (await (await fetch(`${base}/api/news?limit=1&page=${Math.ceil(list.pagination.total / 2)}`)).json()).data[0];
  const category = (await (await fetch(`${base}/api/blog/categories?lang=ru`)).json()).data[0];
  return [
    { name: 'news list `/ru/news`', url: '/ru/news' },
    { name: 'last news page `/ru/news?page={last}`', url: `/ru/news?page=${pages}` },
    { name: 'blog by category `/ru/blog?category=…`', url: `/ru/blog?category=${encodeURIComponent(category)}` },
    { name: 'article `/news/{slug}`', url: `/news/${middle.slug}` },
    { name: 'home `/`', url: '/' },
    { name: 'search `/api/news?search=…`', url: `/api/news?lang=ru&search=${SEARCHED}` },
    { name: 'site search `/api/search?q=…`', url: `/api/search?lang=uz&q=${SEARCHED}` },
    { name: 'search page in Cyrillic `/ru/search?q=арбитраж`', url: `/ru/search?q=${encodeURIComponent('арбитраж')}` },
    { name: 'search, one match `/api/news?search=…`', url: `/api/news?lang=uz&search=${ONE_MATCH}` },
    { name: 'site search, one match `/api/search?q=…`', url: `/api/search?lang=uz&q=${ONE_MATCH}` },
    { name: 'last API page `/api/news?page={last}`', url: `/api/news?lang=ru&page=${pages}` },
    { name: 'categories `/api/blog/categories`', url: '/api/blog/categories?lang=ru' },
    { name: 'sitemap `/sitemap.xml`', url: '/sitemap.xml' },
    // The admin's list asks for what its rows show (view=list, decision 019); the whole records are what it was sent before.
    { name: 'admin news list, whole records (before `view=list`)', url: '/api/news?admin=true&page=1&limit=20', admin: true },
    { name: 'admin news list `view=list`', url: '/api/news?admin=true&view=list&page=1&limit=20&lang=uz', admin: true },
    { name: 'admin news list as the screen asks (50 rows, `view=list`)', url: '/api/news?admin=true&view=list&page=1&limit=50&lang=uz', admin: true },
    { name: 'admin news search, whole records', url: `/api/news?admin=true&page=1&limit=20&search=${SEARCHED}`, admin: true },
    { name: 'admin news search `view=list`', url: `/api/news?admin=true&view=list&page=1&limit=20&lang=uz&search=${SEARCHED}`, admin: true },
    { name: 'admin analytics (30 days)', url: '/api/admin/analytics', admin: true },
    { name: 'translation status, a page', url: '/api/translations/status?limit=100', admin: true },
    { name: 'translation status, every record', url: '/api/translations/status', admin: true },
  ];
}

/** The server's resident memory now (VmRSS) or at its highest (VmHWM), from /proc. */
function memory(pid: number, which: 'VmRSS' | 'VmHWM'): string {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = new RegExp(`${which}:\\s+(\\d+) kB`).exec(status)?.[1];
  return kilobytes ? `${Math.round(Number(kilobytes) / 1024)} MB` : 'unknown';
}

/**
 * The server's resident memory sampled every 100 ms until `stop`: its highest while the site grew
 * (the goal is every moment under 500 MB, not only after a quiet half minute).
 */
function sampleMemory(pid: number) {
  let peak = 0;
  const read = () => {
    const kilobytes = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    peak = Math.max(peak, Number(kilobytes ?? 0));
  };
  const timer = setInterval(read, 100);
  return {
    stop(): number {
      clearInterval(timer);
      read();
      return Math.round(peak / 1024);
    },
  };
}

async function main() {
  const server = await startBenchServer(BENCH_ADMIN);
  try {
    const { base } = server;
    const token = await signIn(base);
    // One article holding ONE_MATCH, there from the start: the searches for it answer one record at every size.
    const one = { ...article(0, 'news'), title: { uz: `Nizolarni ${ONE_MATCH} orqali hal qilish` } };
    const posted = await fetch(`${base}/api/news`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(one) });
    if (posted.status !== 201) throw new Error(`POST /api/news: ${posted.status} ${await posted.text()}`);
    console.log('small site (demo content):');
    const small = await measureAll(base, token, server.pid, await measuresFor(base));
    // The demo's few articles are short: a site of FEW articles like the large site's tells what their size costs, apart from their number.
    console.log(`adding ${FEW} news articles and ${FEW / 5} blog posts like those of the large site…`);
    await grow(base, token, 'news', FEW);
    await grow(base, token, 'blog', FEW / 5);
    const few = await measureAll(base, token, server.pid, await measuresFor(base), { cachedToo: false });
    console.log(`growing to ${NEWS} news articles and ${BLOG} blog posts through the API…`);
    const sampled = sampleMemory(server.pid);
    const newsSeconds = await grow(base, token, 'news', NEWS - FEW, FEW);
    const blogSeconds = await grow(base, token, 'blog', BLOG - FEW / 5, FEW / 5);
    const grownPeak = sampled.stop();
    const perSecond = Math.round((NEWS - FEW + BLOG - FEW / 5) / (newsSeconds + blogSeconds));
    console.log(`  ${Math.round(newsSeconds)} s for the news, ${Math.round(blogSeconds)} s for the blog posts: ${perSecond} records/s; resident memory at most ${grownPeak} MB while growing`);
    // The server looks at its memory every second (MEMORY_TARGET_MB, server/operations/memory.ts).
    const afterGrowth = memory(server.pid, 'VmRSS');
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    const afterRest = memory(server.pid, 'VmRSS');
    console.log(`  resident memory: ${afterGrowth} after the growth, ${afterRest} 35 s later`);
    console.log('large site:');
    const large = await measureAll(base, token, server.pid, await measuresFor(base));

    // While one connection keeps asking for the heaviest uncached answer, cached pages must still come at once.
    const heavy = measure(base, '/sitemap.xml', { fresh: true, connections: 2 });
    const during = await measure(base, '/', { fresh: false, connections: 8 });
    await heavy;

    const ratio = (large: number, small: number) => `${(large / Math.max(small, 0.1)).toFixed(1)}×`;
    const rows = [...large].map(([name, { fresh, cached }]) => {
      const demo = small.get(name)!.fresh.p50;
      const hundred = few.get(name)!.fresh.p50;
      const cachedText = cached ? `${Math.round(cached.requests.average)} req/s, p99 ${cached.latency.p99} ms` : 'never cached';
      return `| ${name} | ${demo} ms | ${hundred} ms | ${fresh.p50} ms | ${fresh.p99} ms | ${ratio(fresh.p50, demo)} | ${ratio(fresh.p50, hundred)} | ${cachedText} | ${small.get(name)!.fresh.bytes.toLocaleString('en')} → ${fresh.bytes.toLocaleString('en')} B | ${small.get(name)!.fresh.cpu} → ${fresh.cpu} ms (${ratio(fresh.cpu, small.get(name)!.fresh.cpu)}) |`;
    });
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; ${NEWS} news articles and ${BLOG} blog posts added through the API (${Math.round(newsSeconds + blogSeconds)} s for all but the first ${FEW + FEW / 5}: ${perSecond} records/s, four at a time; the server's resident memory at most ${grownPeak} MB while they were posted, sampled every 100 ms). Uncached: one connection, every request a new address; cached: 32 connections; ${SECONDS} s each. "${FEW} articles": the demo site with the first ${FEW} news articles and ${FEW / 5} blog posts of the large one (about 2 KB of text per language each, where the demo's are a few lines), so that "large ÷ ${FEW}" is the cost of their number alone.`,
      '',
      `| request | uncached p50, demo site | uncached p50, ${FEW} articles | uncached p50, large site | uncached p99, large | large ÷ demo | large ÷ ${FEW} | cached, large site | answer, demo → large | server CPU per answer, demo → large |`,
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `While two connections asked for uncached sitemaps, the cached home page answered ${Math.round(during.requests.average)} requests/s with p99 ${during.latency.p99} ms. The server's resident memory: ${afterGrowth} when the last article was posted, ${afterRest} 35 s later, ${memory(server.pid, 'VmRSS')} at the end of the measurements; at its highest ${memory(server.pid, 'VmHWM')}.`,
    ].join('\n');
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) {
      replaceSection(path.join(ROOT, 'docs/performance.md'), 'scale', table);
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
