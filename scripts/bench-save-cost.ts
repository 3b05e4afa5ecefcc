/*
 * npm run bench -- --save-cost [--against REF]: what one editor's save of a legal alert costs the
 * server, against an earlier commit in the same run. Both builds serve a fresh demo site; each gets
 * the same alert (a document of about 14,000 characters, every element) through the API, then
 * the alert is saved again and again (its excerpt changed, as an editor's save changes a field),
 * one save at a time, in interleaved rounds. What a save costs is the server process's processor
 * time (from /proc) divided by the saves, which the machine's other work changes less than the
 * time a save takes. REF defaults to the last commit before the fourth round's security and
 * validator work (39b9e05). `--write` puts the table into docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { legalAlert } from './bench-render.ts';
import { BENCH_ADMIN, checkout, cpuMs, machineLine, replaceSection, ROOT, signIn, startBenchServer } from './bench-server.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BEFORE_ROUND_FOUR = '39b9e05';

interface Alert {
  base: string;
  pid: number;
  token: string;
  id: string;
  version: number;
}

async function call(base: string, token: string, method: string, route: string, body: unknown) {
  const response = await fetch(`${base}${route}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()).data as { _id: string; version: number };
}

async function addAlert(server: { base: string; pid: number }): Promise<Alert> {
  const token = await signIn(server.base);
  const created = await call(server.base, token, 'POST', '/api/news', {
    title: { uz: 'Soliq alerti', ru: 'Налоговый алерт' },
    excerpt: { uz: 'Soliq kodeksidagi oʻzgarishlar haqida qisqacha.', ru: 'Кратко об изменениях Налогового кодекса.' },
    category: { uz: 'Soliq', ru: 'Налоги' },
    content: { uz: legalAlert() },
  });
  return { ...server, token, id: created._id, version: created.version };
}

/** `count` saves one after another; the processor time the server spent on them, per save, and their times. */
async function save(alert: Alert, count: number) {
  const used = cpuMs(alert.pid);
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const saved = await call(alert.base, alert.token, 'PUT', `/api/news/${alert.id}`, { excerpt: { uz: `Soliq kodeksidagi oʻzgarishlar haqida qisqacha (${alert.version}).` }, version: alert.version });
    times.push(performance.now() - started);
    alert.version = saved.version;
  }
  return { cpu: (cpuMs(alert.pid) - used) / count, times };
}

export async function benchSaveCost() {
  const asked = process.argv.indexOf('--against');
  const ref = asked > 0 ? process.argv[asked + 1] : BEFORE_ROUND_FOUR;
  const commit = spawnSync('git', ['rev-parse', '--short', ref], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (!commit) throw new Error(`${ref} is not a commit of this repository (npm run bench -- --save-cost needs the git history)`);
  const earlier = checkout(ref);
  const servers: Array<{ stop: () => Promise<void> }> = [];
  try {
    const before = await startBenchServer(BENCH_ADMIN, { root: earlier.dir, port: 3960 });
    servers.push(before);
    const now = await startBenchServer(BENCH_ADMIN, { port: 3961 });
    servers.push(now);
    const cases = [
      { name: `${commit}`, alert: await addAlert(before) },
      { name: 'this commit', alert: await addAlert(now) },
    ];
    // Warm-up: the first saves compile the code paths (and fill the caches a save drops).
    for (const item of cases) await save(item.alert, SAVES);
    const cpu = cases.map(() => [] as number[]);
    const times = cases.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, item] of cases.entries()) {
        const result = await save(item.alert, SAVES);
        cpu[index].push(result.cpu);
        times[index].push(...result.times);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];
    const rows = cases.map((item, index) => {
      const used = median(cpu[index]);
      return `| ${item.name} | ${used.toFixed(1)} ms | ${(used / median(cpu[0])).toFixed(2)} | ${median(times[index]).toFixed(1)} ms | ${percentile(times[index], 0.99).toFixed(1)} ms |`;
    });
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; a news article holding a 14,000-character legal alert (a document with every element) on a fresh demo site, its excerpt saved through the API one save at a time, ${ROUNDS} interleaved rounds of ${SAVES} saves after a warm-up of as many; medians; "÷ ${commit}" divides by the same save on ${commit}.`,
      '',
      `| server | processor time per save | ÷ ${commit} | median save | p99 |`,
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) {
      replaceSection(path.join(ROOT, 'docs/performance.md'), 'save-cost', table);
      console.log('\nwritten to docs/performance.md');
    }
  } finally {
    for (const server of servers) await server.stop();
    earlier.dispose();
  }
}
