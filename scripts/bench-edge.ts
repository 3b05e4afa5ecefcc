/*
 * npm run bench -- --edge: what a Varnish in front saves the origin (API-4.md "Serving behind a CDN
 * or a shared cache"). One instance serving the demo site (SQLite, or PostgreSQL with
 * BENCH_DATABASE_URL) with EDGE_PURGE=varnish; 10,000 mixed visitor requests (autocannon, 32
 * connections) sent straight to it, then through varnishd with deploy/varnish/default.vcl (both
 * of its backends the one instance), interleaved three times in the same run. The figure is the
 * origin's processor time (/proc/PID/stat) per 10,000 requests; varnishd's own is shown beside it.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, machineLine, READER, ROOT, startBenchServer } from './bench-server.ts';

const REQUESTS = 10_000;
/** Debian's varnish package (with varnish-modules for xkey). */
const VARNISHD = ['/usr/sbin/varnishd', '/usr/bin/varnishd'].find((candidate) => fs.existsSync(candidate));
const ROUNDS = 3;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** varnishd (foreground, its own folder) with the kit's VCL, both backends `origin`. */
async function startVarnish(origin: string, port: number) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-bench-varnish-'));
  const [host, originPort] = origin.split(':');
  const vcl = fs
    .readFileSync(path.join(ROOT, 'deploy/varnish/default.vcl'), 'utf8')
    .replace(/\.host = "app[12]";\n {4}\.port = "3000";/g, `.host = "${host}";\n    .port = "${originPort}";`);
  fs.writeFileSync(path.join(folder, 'default.vcl'), vcl);
  if (!VARNISHD) throw new Error('varnishd is not installed (apt-get install varnish varnish-modules)');
  const child = spawn(VARNISHD, ['-F', '-j', 'none', '-n', path.join(folder, 'work'), '-a', `127.0.0.1:${port}`, '-f', path.join(folder, 'default.vcl'), '-s', 'malloc,256m', '-T', 'none'], { stdio: ['ignore', 'ignore', 'ignore'] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    const status = await fetch(`${url}/api/health`).then((answer) => answer.status).catch(() => 0);
    if (status === 200) break;
    if (tries > 100) throw new Error('varnishd did not come up');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  /** The manager and its cache process. */
  const pids = () => [child.pid!, ...(spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number))];
  return {
    url,
    cpuMs: () => pids().reduce((sum, pid) => sum + (fs.existsSync(`/proc/${pid}/stat`) ? cpuMs(pid) : 0), 0),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

const load = (base: string, paths: string[]) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url: base, connections: 32, amount: REQUESTS, pipelining: 1, headers: { 'user-agent': READER, 'accept-encoding': 'br, gzip' }, requests: paths.map((pathname) => ({ method: 'GET', path: pathname })) },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchEdge(): Promise<string> {
  const varnishPort = await freePort();
  const server = await startBenchServer({ EDGE_PURGE: 'varnish', EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort}` });
  const varnish = await startVarnish(new URL(server.base).host, varnishPort);
  try {
    const news = (await (await fetch(`${server.base}/api/news?lang=ru&limit=5`)).json()).data as Array<{ slug: string }>;
    // What visitors a shared link brings ask for: article pages, lists, the home page in a language, the API's reads.
    const paths = [...news.map((article) => `/ru/news/${article.slug}`), ...news.map((article) => `/news/${article.slug}`), '/ru', '/en', '/ru/news', '/news', '/ru/faq', '/ru/services', '/services', '/api/news?lang=ru', '/api/services?lang=ru', '/sitemap.xml'];
    for (const base of [server.base, varnish.url]) await load(base, paths);
    const direct: number[] = [];
    const fronted: number[] = [];
    const varnishCpu: number[] = [];
    const rates: { direct: number[]; fronted: number[] } = { direct: [], fronted: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      let before = cpuMs(server.pid);
      let result = await load(server.base, paths);
      direct.push(cpuMs(server.pid) - before);
      rates.direct.push(result.requests.average);
      if (result.non2xx) throw new Error(`${result.non2xx} answers straight from the origin were not 2xx`);
      before = cpuMs(server.pid);
      const varnishBefore = varnish.cpuMs();
      result = await load(varnish.url, paths);
      fronted.push(cpuMs(server.pid) - before);
      varnishCpu.push(varnish.cpuMs() - varnishBefore);
      rates.fronted.push(result.requests.average);
      if (result.non2xx) throw new Error(`${result.non2xx} answers through Varnish were not 2xx`);
    }
    const [alone, behind] = [median(direct), median(fronted)];
    const factor = behind === 0 ? `over ${alone / 10}×` : `${(alone / behind).toFixed(0)}×`;
    return [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}, varnishd ${spawnSync(VARNISHD!, ['-V'], { encoding: 'utf8' }).stderr.split('\n')[0].replace(/^varnishd \(|\)$/g, '')}; the load (autocannon, 32 connections) runs on the same machine.`,
      '',
      `| ${REQUESTS.toLocaleString('en')} mixed visitor requests (${paths.length} addresses) | origin processor time (median of ${ROUNDS}) | each round | requests/s | varnishd's processor time |`,
      '|---|---|---|---|---|',
      `| straight to the instance | ${alone} ms | ${direct.join(', ')} ms | ${Math.round(median(rates.direct))} | — |`,
      `| through Varnish (deploy/varnish/default.vcl) | ${behind} ms | ${fronted.join(', ')} ms | ${Math.round(median(rates.fronted))} | ${median(varnishCpu)} ms |`,
      '',
      `The origin does ${factor} less work behind Varnish (its clock counts in 10 ms ticks: /proc/PID/stat).`,
    ].join('\n');
  } finally {
    await varnish.stop();
    await server.stop();
  }
}
