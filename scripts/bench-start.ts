/*
 * npm run bench -- --start (and the end of npm run bench): how long a start takes, from starting the
 * process to the first 200 of `/`, on a demo site created beforehand (SQLite). The compiled server
 * (build/server.js, what npm run serve runs) and the TypeScript sources (what npm run dev and the
 * tests in one process run) are started in turns, so that both meet the same machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './bench-server.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 8);
const ENTRIES = { 'build/server.js (npm run serve)': 'build/server.js', 'server/main.ts (sources)': 'server/main.ts' };

/** Milliseconds from spawning the server to its first 200 of `/`. */
async function timeStart(entry: string, dataDir: string): Promise<number> {
  const port = 3850 + Math.floor(Math.random() * 40);
  const started = performance.now();
  const server = spawn(process.execPath, [path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO_CONTENT: 'true', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`${entry} exited with ${server.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.status, () => 0);
      if (status === 200) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`${entry} gave no page within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

export async function benchStart(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-start-'));
  try {
    // The first start creates the demo site and fills Node's compile cache: not counted.
    for (const entry of Object.values(ENTRIES)) await timeStart(entry, dataDir);
    const times = new Map<string, number[]>(Object.keys(ENTRIES).map((name) => [name, []]));
    for (let round = 0; round < STARTS; round += 1) {
      for (const [name, entry] of Object.entries(ENTRIES)) times.get(name)!.push(await timeStart(entry, dataDir));
    }
    const rows = [...times].map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]);
      return `| ${name} | ${at(0.5)} ms | ${Math.round(sorted[0])}–${Math.round(sorted.at(-1)!)} ms |`;
    });
    return ['| what starts | first page, median | fastest–slowest |', '|---|---|---|', ...rows].join('\n') + `\n\n${STARTS} starts of each, in turns, the demo site already created.`;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
