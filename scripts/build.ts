/*
 * npm run build: the pages' production build (react-router build) and the server compiled into
 * build/server.js (our TypeScript and its pure-JavaScript dependencies in a few files, so that a
 * start neither strips types nor resolves a thousand modules: docs/decisions/012). Skipped when
 * nothing it is made from changed since the last one — so that npm start on an unchanged project
 * starts at once. `npm run build -- --force` builds anyway.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const ROOT = path.resolve(import.meta.dirname, '..');
/** What the build reads: the pages, the domain they import, static files, and the tools' settings and versions. */
const SOURCES = ['app', 'domain', 'server', 'db', 'seed', 'public', 'vite.config.ts', 'react-router.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build.ts'];
const STAMP = path.join(ROOT, 'build/.sources-sha256');
const OUTPUTS = ['build/server/index.js', 'build/client', 'build/server.js'];

function filesOf(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((found) => found.isFile())
    .map((found) => path.relative(ROOT, path.join(found.parentPath, found.name)))
    .sort();
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(filesOf)) hash.update(file).update('\0').update(fs.readFileSync(path.join(ROOT, file))).update('\0');
  return hash.digest('hex');
}

/**
 * Packages left to Node at run time: native code (sharp), what loads only when a setting asks for it
 * (PostgreSQL, S3, metrics, archives, e-mail, the development server), React and React Router (one
 * copy shared with the pages' build, whose contexts must be the same objects) and pino (its
 * transports start workers by file name). Everything else is pure JavaScript, bundled.
 */
const RUNTIME_PACKAGES = [/^node:/, /^sharp(\/|$)/, /^pg(-native)?(\/|$)/, /^@aws-sdk\//, /^prom-client(\/|$)/, /^tar(\/|$)/, /^nodemailer(\/|$)/, /^vite(\/|$)/, /^@fastify\/middie(\/|$)/, /^react(-dom)?(\/|$)/, /^react-router(\/|$)/, /^@react-router\//, /^pino(\/|$)/, /^lucide-react(\/|$)/];

/** The server as build/server.js and its lazily loaded parts beside it (build/server-*.js), so that paths relative to a file (`..` is the project) stay true. */
async function bundleServer() {
  const started = Date.now();
  for (const old of fs.readdirSync(path.join(ROOT, 'build')).filter((name) => /^server(-.+)?\.js(\.map)?$/.test(name))) fs.rmSync(path.join(ROOT, 'build', old));
  await build({
    cwd: ROOT,
    input: { server: path.join(ROOT, 'server/main.ts') },
    platform: 'node',
    external: (id) => RUNTIME_PACKAGES.some((pattern) => pattern.test(id)),
    output: { dir: path.join(ROOT, 'build'), format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'server-[name]-[hash].js', sourcemap: true },
    logLevel: 'warn',
  });
  console.log(`Server compiled into build/server.js in ${Date.now() - started} ms.`);
}

const current = sourcesHash();
const built = OUTPUTS.every((output) => fs.existsSync(path.join(ROOT, output)));
if (!process.argv.includes('--force') && built && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8').trim() === current) {
  console.log('The build is up to date (nothing it is made from changed): not rebuilding.');
  process.exit(0);
}
fs.rmSync(STAMP, { force: true });
const result = spawnSync('react-router', ['build'], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
await bundleServer();
fs.writeFileSync(STAMP, `${current}\n`);
