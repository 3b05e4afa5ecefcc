import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/* What both benchmarks share: the real server on a fresh demo database, and where figures go. */

export const ROOT = path.resolve(import.meta.dirname, '..');
/** A phone's browser: article views and visits are counted for readers, not for tools. */
export const READER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

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

/**
 * One Node process (so one core) serving a fresh demo site; the load comes from this process.
 * `root` serves another checkout's build (a same-run comparison with an earlier commit).
 */
export async function startBenchServer(extraEnv: Record<string, string> = {}, { root = ROOT, port = 3900 + Math.floor(Math.random() * 50) } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'build/server.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO_CONTENT: 'true', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return {
    base,
    pid: server.pid!,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const machineLine = () =>
  `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`;

/** Replaces what stands between `<!-- {name}:start -->` and `<!-- {name}:end -->` in a document. */
export function replaceSection(file: string, name: string, content: string) {
  const text = fs.readFileSync(file, 'utf8');
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  if (!pattern.test(text)) throw new Error(`${file} has no <!-- ${name}:start --> … <!-- ${name}:end --> section`);
  fs.writeFileSync(file, text.replace(pattern, `<!-- ${name}:start -->\n${content}\n<!-- ${name}:end -->`));
}
