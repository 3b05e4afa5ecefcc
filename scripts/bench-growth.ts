/*
 * npm run bench -- --growth [--against REF]: a site grown through its own API, this commit against
 * an earlier one in the same run. Both builds serve a fresh demo site; articles are posted to one,
 * then the other, a slice at a time (four at a time, as four writers), until each holds
 * GROWTH_NEWS news articles and GROWTH_BLOG blog posts. Per server: records a second (the time of
 * its own slices only), the processor time its process spent per record (from /proc: what the
 * machine's other work changes less than the time), with PostgreSQL the processor time of its
 * connections too, that time in the first and the last slice (a save whose cost grows with the site
 * shows there), and the resident memory at its highest, sampled every 100 ms while it grew.
 * REF defaults to main. `--write` puts the table into docs/performance.md (section `growth`).
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { article } from './bench-articles.ts';
import { BENCH_ADMIN, checkout, cpuMs, machineLine, replaceSection, ROOT, signIn, startBenchServer } from './bench-server.ts';

const NEWS = Number(process.env.GROWTH_NEWS ?? 10_000);
const BLOG = Number(process.env.GROWTH_BLOG ?? 2_000);
const SLICE = Number(process.env.GROWTH_SLICE ?? 500);
const WRITERS = 4;

interface Grown {
  name: string;
  base: string;
  pid: number;
  token: string;
  schema?: string;
  posted: number;
  seconds: number;
  cpu: number;
  database: number;
  slices: Array<{ cpu: number; database: number; records: number }>;
  peak: number;
}

/** The processor time, in ms, of the PostgreSQL connections of a server's schema (0 on SQLite). */
async function databaseCpu(schema: string | undefined): Promise<number> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || !schema) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [`lexsite:${schema}`])).rows;
    let used = 0;
    for (const { pid } of rows) {
      try {
        used += cpuMs(pid);
      } catch {
        // ended since
      }
    }
    return used;
  } finally {
    await client.end();
  }
}

const residentKb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** The i-th record posted: one in six a blog post until BLOG of them, the rest news. */
const kindOf = (index: number): 'news' | 'blog' => (index % 6 === 5 && Math.floor(index / 6) < BLOG ? 'blog' : 'news');

async function slice(server: Grown, count: number) {
  const [cpu, database] = [cpuMs(server.pid), await databaseCpu(server.schema)];
  const started = performance.now();
  const last = server.posted + count;
  const worker = async () => {
    while (server.posted < last) {
      const index = (server.posted += 1);
      const kind = kindOf(index);
      const response = await fetch(`${server.base}/api/${kind}`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify(article(index, kind)) });
      if (response.status !== 201) throw new Error(`POST /api/${kind}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, worker));
  server.seconds += (performance.now() - started) / 1000;
  const used = { cpu: cpuMs(server.pid) - cpu, database: (await databaseCpu(server.schema)) - database, records: count };
  server.cpu += used.cpu;
  server.database += used.database;
  server.slices.push(used);
  console.log(`  ${server.name}: ${server.posted} records, ${(used.cpu / count).toFixed(1)} ms of the server${server.schema ? ` and ${(used.database / count).toFixed(1)} ms of PostgreSQL` : ''} per record in this slice, at most ${Math.round(server.peak / 1024)} MB resident so far`);
}

export async function benchGrowth() {
  const asked = process.argv.indexOf('--against');
  const ref = asked > 0 ? process.argv[asked + 1] : 'main';
  const commit = spawnSync('git', ['rev-parse', '--short', ref], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (!commit) throw new Error(`${ref} is not a commit of this repository (npm run bench -- --growth needs the git history)`);
  const earlier = checkout(ref);
  const servers: Array<{ stop: () => Promise<void> }> = [];
  const sampling: NodeJS.Timeout[] = [];
  try {
    const grown: Grown[] = [];
    for (const [name, root, port] of [[commit, earlier.dir, 3962], ['this commit', ROOT, 3963]] as const) {
      const server = await startBenchServer(BENCH_ADMIN, { root, port });
      servers.push(server);
      const entry: Grown = { name, base: server.base, pid: server.pid, token: await signIn(server.base), schema: server.schema, posted: 0, seconds: 0, cpu: 0, database: 0, slices: [], peak: residentKb(server.pid) };
      sampling.push(setInterval(() => (entry.peak = Math.max(entry.peak, residentKb(entry.pid))), 100));
      grown.push(entry);
    }
    const total = NEWS + BLOG;
    console.log(`growing both sites to ${NEWS} news articles and ${BLOG} blog posts, ${SLICE} records to one, then to the other…`);
    while (grown.some((server) => server.posted < total)) {
      for (const server of grown) if (server.posted < total) await slice(server, Math.min(SLICE, total - server.posted));
    }
    const perRecord = (ms: number, records: number) => `${(ms / records).toFixed(1)} ms`;
    const rows = grown.map((server) => {
      const first = server.slices[0];
      const last = server.slices.at(-1)!;
      const database = server.schema ? ` ${perRecord(server.database, total)} |` : '';
      return `| ${server.name} | ${Math.round(total / server.seconds)} | ${perRecord(server.cpu, total)} |${database} ${perRecord(first.cpu, first.records)} → ${perRecord(last.cpu, last.records)} | ${Math.round(server.peak / 1024)} MB |`;
    });
    const postgres = Boolean(process.env.BENCH_DATABASE_URL);
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end (other work on the machine slows records/s, less the processor times). Each server grown from the demo site to ${NEWS} news articles and ${BLOG} blog posts through the API, ${WRITERS} posts at a time, in slices of ${SLICE} interleaved with the other server's.`,
      '',
      `| server | records/s | server's processor time per record |${postgres ? " PostgreSQL's per record |" : ''} per record, first slice → last | resident memory at most |`,
      `|---|---|---|${postgres ? '---|' : ''}---|---|`,
      ...rows,
    ].join('\n');
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) {
      replaceSection(path.join(ROOT, 'docs/performance.md'), 'growth', table);
      console.log('\nwritten to docs/performance.md');
    }
  } finally {
    for (const timer of sampling) clearInterval(timer);
    for (const server of servers) await server.stop();
    earlier.dispose();
  }
}
