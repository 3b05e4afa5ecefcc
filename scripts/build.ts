/*
 * npm run build: the pages' production build (react-router build), skipped when nothing it is made
 * from changed since the last one — so that npm start on an unchanged project starts at once.
 * `npm run build -- --force` builds anyway.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** What the build reads: the pages, the domain they import, static files, and the tools' settings and versions. */
const SOURCES = ['app', 'domain', 'public', 'vite.config.ts', 'react-router.config.ts', 'tsconfig.json', 'package-lock.json'];
const STAMP = path.join(ROOT, 'build/.sources-sha256');
const OUTPUTS = ['build/server/index.js', 'build/client'];

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

const current = sourcesHash();
const built = OUTPUTS.every((output) => fs.existsSync(path.join(ROOT, output)));
if (!process.argv.includes('--force') && built && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8').trim() === current) {
  console.log('The build is up to date (nothing it is made from changed): not rebuilding.');
  process.exit(0);
}
fs.rmSync(STAMP, { force: true });
const result = spawnSync('react-router', ['build'], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(STAMP, `${current}\n`);
