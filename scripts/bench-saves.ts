/*
 * npm run bench -- --saves: cached pages while an editor works. 32 connections read a mix of public
 * pages from the cache while an editor saves a news article every second through the API; the same
 * mix is read without saves, and from nginx serving the same bytes, in interleaved rounds (medians).
 * Before the load, one save shows which of the mix's pages it drops (the answer after it comes
 * without `x-cache: hit`): only those that showed the changed article (a list of news, or the article).
 */
import autocannon from 'autocannon';
import { startNginxWithBytesOf } from './bench-nginx.ts';
import { BENCH_ADMIN, machineLine, READER, signIn, startBenchServer } from './bench-server.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_COMPARE_SECONDS ?? 5);
const ROUNDS = 3;

interface Article {
  _id: string;
  slug: string;
  version: number;
  title: Record<string, string>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** 32 connections, each going through the mix's paths in turn. */
const load = (origin: string, paths: string[]) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url: origin, connections: CONNECTIONS, duration: SECONDS, pipelining: 1, headers: { 'user-agent': READER }, requests: paths.map((path) => ({ method: 'GET' as const, path })) },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

export async function benchSaves(): Promise<string> {
  const server = await startBenchServer(BENCH_ADMIN);
  const { base } = server;
  try {
    const json = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(base + path, init);
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const token = await signIn(base);
    const [edited, other] = (await json('/api/news?limit=2')).data as Article[];
    const service = (await json('/api/services?limit=1')).data[0] as { slug: string };
    // What a shared link brings visitors to: the home page, another article, the FAQ, contacts, a service.
    const mix = ['/', `/news/${other.slug}`, '/ru/faq', '/ru/contact', `/ru/services/${service.slug}`, '/api/services'];
    const named = (path: string) => path.replace(other.slug, '{another article}').replace(service.slug, '{slug}');

    let current = (await json(`/api/news/${edited._id}?admin=true`, { headers: { authorization: `Bearer ${token}` } })).data as Article;
    let saves = 0;
    const saveTimes: number[] = [];
    /** The editor's save: the article's Russian title, changed back and forth. */
    const save = async () => {
      const started = performance.now();
      const title = { ...current.title, ru: current.title.ru.endsWith(' ·') ? current.title.ru.slice(0, -2) : `${current.title.ru} ·` };
      current = (await json(`/api/news/${current._id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title, version: current.version }) })).data;
      saveTimes.push(performance.now() - started);
      saves += 1;
    };

    // Which pages one save drops.
    for (const path of mix) await fetch(base + path, { headers: { 'user-agent': READER } });
    await save();
    const dropped: string[] = [];
    const kept: string[] = [];
    for (const path of mix) {
      const response = await fetch(base + path, { headers: { 'user-agent': READER } });
      await response.arrayBuffer();
      (response.headers.get('x-cache') === 'hit' ? kept : dropped).push(named(path));
    }

    const nginx = await startNginxWithBytesOf(base, mix, { 'user-agent': READER });
    if (!nginx) throw new Error('nginx is needed for this benchmark (apt-get install nginx-light)');
    const quiet: autocannon.Result[] = [];
    const busy: autocannon.Result[] = [];
    const theirs: autocannon.Result[] = [];
    const savesBefore = saves;
    try {
      const nginxOrigin = new URL(nginx.urlOf(mix[0])).origin;
      const nginxPaths = mix.map((path) => new URL(nginx.urlOf(path)).pathname);
      for (let round = 0; round < ROUNDS; round += 1) {
        quiet.push(await load(base, mix));
        // The editor saves every second while the readers read.
        let saving = Promise.resolve();
        const timer = setInterval(() => {
          saving = saving.then(save);
        }, 1000);
        try {
          busy.push(await load(base, mix));
        } finally {
          clearInterval(timer);
          await saving;
        }
        theirs.push(await load(nginxOrigin, nginxPaths));
      }
    } finally {
      await nginx.stop();
    }
    for (const result of [...quiet, ...busy, ...theirs]) if (result.non2xx || result.errors) throw new Error(`${result.non2xx + result.errors} answers failed or were not 2xx`);
    const rate = (results: autocannon.Result[]) => median(results.map((result) => result.requests.average));
    const p99 = (results: autocannon.Result[]) => median(results.map((result) => result.latency.p99));
    const nginxRate = rate(theirs);
    const row = (name: string, results: autocannon.Result[]) => `| ${name} | ${Math.round(rate(results))} | ${p99(results)} ms | ${(rate(results) / nginxRate).toFixed(2)} |`;
    return [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; ${CONNECTIONS} connections reading ${mix.length} pages in turn (${mix.map((path) => `\`${named(path)}\``).join(', ')}), ${ROUNDS} interleaved rounds of ${SECONDS} s, medians.`,
      '',
      '| reads | requests/s | p99 | ÷ nginx |',
      '|---|---|---|---|',
      row('cached, nobody saving', quiet),
      row(`cached, an editor saving a news article every second (${saves - savesBefore} saves)`, busy),
      `| nginx 1 worker, the same bytes | ${Math.round(nginxRate)} | ${p99(theirs)} ms | 1.00 |`,
      '',
      `A save of the article (p50 ${Math.round(median(saveTimes))} ms under this load) dropped ${dropped.map((path) => `\`${path}\``).join(', ')} (they list the news or show the article) and kept ${kept.map((path) => `\`${path}\``).join(', ')}.`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}
