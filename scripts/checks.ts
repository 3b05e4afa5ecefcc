/*
 * npm run checks: the static checks side by side — the route types made once, then TypeScript,
 * ESLint and knip at the same time (CI's two cores: about 27 s instead of 44 s one after another).
 * Each check's output is printed whole when it ends, with its time; any failure fails the whole.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const env = { ...process.env, PATH: `${BIN}:${process.env.PATH}` };

const typegen = spawnSync(path.join(BIN, 'react-router'), ['typegen'], { cwd: ROOT, env, stdio: 'inherit' });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

const CHECKS: Array<[name: string, command: string, args: string[]]> = [
  ['TypeScript', 'tsc', ['--noEmit']],
  ['ESLint', 'eslint', ['.']],
  ['knip', 'knip', []],
];

const results = await Promise.all(
  CHECKS.map(
    ([name, command, args]) =>
      new Promise<{ name: string; code: number; output: string; seconds: number }>((resolve) => {
        const started = performance.now();
        const child = spawn(path.join(BIN, command), args, { cwd: ROOT, env });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('close', (code) => {
          const result = { name, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 };
          console.log(`${result.code === 0 ? 'passed' : 'FAILED'}: ${name} (${result.seconds.toFixed(1)} s)${output.trim() ? `\n${output.trim()}` : ''}`);
          resolve(result);
        });
      }),
  ),
);
if (results.some((result) => result.code !== 0)) process.exit(1);
