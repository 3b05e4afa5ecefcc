import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

let asked = 0;
/**
 * `fresh=N`, never the same twice in a run: an "uncached" request must name an address no earlier
 * request named. A counter started again for each measurement asked for ?fresh=1… once more, which
 * the server then had in its cache, for some servers and rounds and not others.
 */
export const freshQuery = () => `fresh=${(asked += 1)}`;

/** The administrator a benchmark's server is started with (`startBenchServer(BENCH_ADMIN)`), and signs in as. */
export const BENCH_ADMIN = { ADMIN_EMAIL: 'bench@example.uz', ADMIN_PASSWORD: 'bench-password-1' };

/** A session token of BENCH_ADMIN on the server at `base`. */
export async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN.ADMIN_EMAIL, password: BENCH_ADMIN.ADMIN_PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return (await response.json()).data.token as string;
}

/**
 * One Node process (so one core) serving a fresh demo site; the load comes from this process.
 * `root` serves another checkout's build (a same-run comparison with an earlier commit).
 */
export async function startBenchServer(extraEnv: Record<string, string> = {}, { root = ROOT, port = 3900 + Math.floor(Math.random() * 50) } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-bench-'));
  const database = await freshDatabase();
  const server = spawn(process.execPath, [path.join(root, 'build/server.js')], {
    cwd: root,
    env: { ...process.env, ...servedWith(root), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO_CONTENT: 'true', DATABASE_URL: database.url, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return {
    base,
    pid: server.pid!,
    /** The PostgreSQL schema it serves (undefined on SQLite). */
    schema: database.schema,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The environment `npm run serve` of the checkout at `root` sets before it starts the server
 * (`NODE_ENV=production MALLOC_ARENA_MAX=2 node …`): a build is measured as it is served, and an
 * earlier commit as it was.
 */
function servedWith(root: string): Record<string, string> {
  const serve: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.serve ?? '';
  return Object.fromEntries([...serve.matchAll(/(?:^|\s)([A-Z_]+)=(\S+)(?=\s)/g)].filter((match) => serve.indexOf(match[0]) < serve.indexOf('node ')).map((match) => [match[1], match[2]]));
}

/**
 * SQLite in the data folder, or with BENCH_DATABASE_URL a PostgreSQL schema of its own (made
 * here, dropped after), so that every run starts from the demo site as on SQLite.
 */
async function freshDatabase(): Promise<{ url: string; schema?: string; drop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (!given) return { url: '', drop: async () => {} };
  const schema = `bench_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  return { url: `${given}${given.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`, schema, drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}

export const machineLine = () =>
  `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`;

/**
 * Replaces what stands between `<!-- {name}:start -->` and `<!-- {name}:end -->` in a document;
 * figures measured on PostgreSQL go to the section `{name}-postgres` beside SQLite's.
 */
export function replaceSection(file: string, section: string, content: string) {
  const name = process.env.BENCH_DATABASE_URL ? `${section}-postgres` : section;
  const text = fs.readFileSync(file, 'utf8');
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  if (!pattern.test(text)) throw new Error(`${file} has no <!-- ${name}:start --> … <!-- ${name}:end --> section`);
  fs.writeFileSync(file, text.replace(pattern, `<!-- ${name}:start -->\n${content}\n<!-- ${name}:end -->`));
}

function sh(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** REF checked out and built beside this checkout; removed by `dispose`. */
export function checkout(ref: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-against-'));
  sh('git', ['worktree', 'add', '--detach', dir, ref], ROOT);
  const dispose = () => spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'inherit' });
  try {
    // The same dependencies: this checkout's are shared; others (a package added or removed since)
    // are installed from REF's lock file, from npm's cache where it has them.
    const lock = (root: string) => fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    if (lock(dir) === lock(ROOT) || sameOrFewerPackages(dir)) fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    else {
      console.log(`installing ${ref}'s dependencies in ${dir}…`);
      sh('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    }
    console.log(`building ${ref} in ${dir}…`);
    sh(process.execPath, ['scripts/build.ts'], dir);
    return { dir, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

/** REF asks for no package, nor a version of one, that this checkout's lock does not hold (only packages added since): its node_modules can be shared. */
function sameOrFewerPackages(dir: string): boolean {
  const packages = (root: string): Record<string, { version?: string }> => JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages ?? {};
  const ours = packages(ROOT);
  return Object.entries(packages(dir)).every(([name, entry]) => name === '' || ours[name]?.version === entry.version);
}

/** The processor time a process has used so far, in ms (Linux: /proc/{pid}/stat, in ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
