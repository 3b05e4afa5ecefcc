/*
 * npm run bench -- --render [--against REF]: what one uncached article page (and the home page)
 * costs, against an earlier commit in the same run. Checks REF out beside this one (a git worktree sharing
 * node_modules, or with REF's own when its lock file differs), builds it, starts both servers on
 * fresh demo sites, adds the same legal alert to each through the API and asks for the article page
 * one connection at a time, every request a new address (`?fresh=N`, so each one is rendered), in
 * interleaved rounds; what a render costs is the server process's processor time (user and system,
 * from /proc) divided by the answers it gave, which the machine's other work does not change as
 * much as it changes the time an answer takes. REF defaults to the commit before long texts became
 * documents (issue 24), whose article held a plain text; this commit gets the same text as plain
 * text and as a document with every element (headings, lists, a table, links, footnotes); the home
 * page is asked of both servers alike. `--write` puts the table into docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { documentToText, type Doc, type DocNode } from '../domain/documents/document.ts';
import { BENCH_ADMIN, checkout, cpuMs, freshQuery, machineLine, READER, replaceSection, ROOT, signIn, startBenchServer } from './bench-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BEFORE_DOCUMENTS = 'cd02bdc^';

const text = (value: string, marks?: DocNode['marks']): DocNode => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const cell = (kind: 'tableHeader' | 'tableCell', value: string): DocNode => ({ type: kind, content: [paragraph(text(value))] });

/** A legal alert of eight sections (about 14,000 characters): what a firm publishes most. */
export function legalAlert(): Doc {
  const content: DocNode[] = [];
  for (let section = 1; section <= 8; section += 1) {
    content.push({ type: 'heading', attrs: { level: 2 }, content: [text(`${section}-boʻlim. Soliq kodeksidagi oʻzgarishlar va ularning korxonalarga taʼsiri`)] });
    for (let index = 0; index < 3; index += 1) {
      content.push(
        paragraph(
          text('Yangi tartibga koʻra, qoʻshilgan qiymat soligʻi toʻlovchilari hisobotni har chorakda '),
          text('elektron shaklda', [{ type: 'bold' }]),
          text(' topshiradi; muddat buzilganda moliyaviy jarima qoʻllaniladi va bu holat '),
          text('Soliq kodeksida', [{ type: 'link', attrs: { href: 'https://lex.uz/docs/4674902' } }]),
          text(' batafsil belgilangan. Korxonalar oʻz buxgalteriya tizimlarini oldindan moslashtirishi tavsiya etiladi.'),
          ...(index === 2 ? [{ type: 'footnote' as const, content: [text(`Soliq kodeksining ${40 + section}-moddasi, 2026-yil tahriri.`)] }] : []),
        ),
      );
    }
    content.push({ type: 'orderedList', content: ['Ariza', 'Toʻlov hujjati', 'Hisobot shakli', 'Ishonchnoma'].map((item): DocNode => ({ type: 'listItem', content: [paragraph(text(`${item} — belgilangan shaklda taqdim etiladi`))] })) });
    if (section % 2 === 0)
      content.push({
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('tableHeader', 'Daromad'), cell('tableHeader', 'Stavka'), cell('tableHeader', 'Muddat')] },
          ...[1, 2, 3].map((row): DocNode => ({ type: 'tableRow', content: [cell('tableCell', `${row * 100} mln soʻmgacha`), cell('tableCell', `${row * 4} %`), cell('tableCell', `${row}-chorak`)] })),
        ],
      });
  }
  return { type: 'doc', content };
}

async function addArticle(base: string, title: string, content: unknown): Promise<string> {
  const token = await signIn(base);
  const response = await fetch(`${base}/api/news`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: { uz: title }, excerpt: { uz: 'Soliq kodeksidagi oʻzgarishlar haqida qisqacha.' }, category: { uz: 'Soliq' }, content: { uz: content } }),
  });
  if (response.status !== 201) throw new Error(`POST /api/news: ${response.status} ${await response.text()}`);
  return (await response.json()).data.slug;
}

/** One connection, every request a new address: the mean time of one render. */
function measure(url: string) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url, connections: 1, duration: SECONDS, headers: { 'user-agent': READER }, requests: [{ setupRequest: (request) => ({ ...request, path: `${new URL(url).pathname}?${freshQuery()}` }) }] },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

export async function benchRender() {
  const asked = process.argv.indexOf('--against');
  const ref = asked > 0 ? process.argv[asked + 1] : BEFORE_DOCUMENTS;
  const commit = spawnSync('git', ['rev-parse', '--short', ref], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (!commit) throw new Error(`${ref} is not a commit of this repository (npm run bench -- --render needs the git history)`);
  const alert = legalAlert();
  const plain = documentToText(alert);
  const earlier = checkout(ref);
  const servers: Array<{ stop: () => Promise<void> }> = [];
  try {
    const before = await startBenchServer(BENCH_ADMIN, { root: earlier.dir, port: 3950 });
    servers.push(before);
    const now = await startBenchServer(BENCH_ADMIN, { port: 3951 });
    servers.push(now);
    // A server of its own for each case: each one's memory holds only its own answers.
    const rich = await startBenchServer(BENCH_ADMIN, { port: 3952 });
    servers.push(rich);
    // Each case is compared with the case at `against` (the same page on REF's server).
    const cases = [
      { name: `${commit} (${ref === BEFORE_DOCUMENTS ? 'before documents' : 'the commit compared'}): the alert as plain text`, pid: before.pid, url: `${before.base}/news/${await addArticle(before.base, 'Soliq alerti', plain)}`, against: 0 },
      { name: 'this commit: the same plain text', pid: now.pid, url: `${now.base}/news/${await addArticle(now.base, 'Soliq alerti', plain)}`, against: 0 },
      { name: 'this commit: the alert as a document (every element)', pid: rich.pid, url: `${rich.base}/news/${await addArticle(rich.base, 'Soliq alerti', alert)}`, against: 0 },
      { name: `${commit}: the home page`, pid: before.pid, url: `${before.base}/`, against: 3 },
      { name: 'this commit: the home page', pid: now.pid, url: `${now.base}/`, against: 3 },
    ];
    const results = cases.map(() => [] as autocannon.Result[]);
    const cpu = cases.map(() => [] as number[]);
    // Warm-up: React's renderer and our code take some thousand renders to be compiled at their
    // fastest (a render costs 4× more in the first seconds), so every case is run three times first.
    for (let round = 0; round < 3; round += 1) for (const item of cases) await measure(item.url);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, item] of cases.entries()) {
        const used = cpuMs(item.pid);
        const result = await measure(item.url);
        if (result.non2xx || result.errors) throw new Error(`${item.url}: ${result.non2xx + result.errors} answers failed`);
        results[index].push(result);
        cpu[index].push((cpuMs(item.pid) - used) / result.requests.total);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const rows = cases.map((item, index) => {
      const mean = median(results[index].map((result) => result.latency.mean));
      const p99 = median(results[index].map((result) => result.latency.p99));
      const used = median(cpu[index]);
      return `| ${item.name} | ${used.toFixed(2)} ms | ${(used / median(cpu[item.against])).toFixed(2)} | ${mean.toFixed(2)} ms | ${p99} ms |`;
    });
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; the article page \`/news/{slug}\` with a ${plain.length.toLocaleString('en')}-character legal alert and the home page, uncached (one connection, every request a new address), ${ROUNDS} interleaved rounds of ${SECONDS} s, medians; "÷ before" divides by the same page on ${commit}.`,
      '',
      '| server and article | processor time per render | ÷ before | mean answer time | p99 |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(`\n${table}`);
    if (process.argv.includes('--write')) {
      replaceSection(path.join(ROOT, 'docs/performance.md'), 'render', table);
      console.log('\nwritten to docs/performance.md');
    }
  } finally {
    for (const server of servers) await server.stop();
    earlier.dispose();
  }
}
