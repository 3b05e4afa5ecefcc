/*
 * No container can be built here (no image registry), so this test runs every step of
 * deploy/Dockerfile itself: each stage in a folder of its own standing for the image's file system,
 * its COPY and RUN instructions in order (the install from the lock, the build, the prune), then the
 * final stage's CMD as its USER with the app environment of deploy/compose.yaml — against a real
 * PostgreSQL and a real S3-compatible store — and its HEALTHCHECK. It checks compose.yaml with
 * docker-compose and the systemd unit with systemd-analyze where they are installed.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ROOT } from '../../server/start.ts';
import { createPostgresSchema } from '../helpers/databases.ts';
import { freePort } from '../helpers/processes.ts';
import { startS3 } from '../helpers/s3.ts';

interface Instruction {
  name: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [name, ...rest] = line.split(/\s+/);
      return { name: name.toUpperCase(), args: rest.join(' ') };
    });
}

/** The build context as Docker would send it: the project folder less what .dockerignore names. */
function copyContext(target: string) {
  const ignored = fs
    .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const skip = (relative: string) =>
    ignored.some((pattern) => (pattern.startsWith('*.') ? relative.endsWith(pattern.slice(1)) : relative === pattern || relative.startsWith(`${pattern}/`)));
  fs.cpSync(ROOT, target, { recursive: true, filter: (source) => !skip(path.relative(ROOT, source).split(path.sep).join('/')) });
}

const SHELL_FORM = (args: string) => (args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args]);

/** The uid and gid of the image's user, made on this machine when it has none of that name. */
function userIds(name: string): { uid: number; gid: number } {
  const lookup = () => spawnSync('id', ['-u', name], { encoding: 'utf8' });
  if (lookup().status !== 0) execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
  return { uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim()), gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim()) };
}

const isRoot = process.getuid?.() === 0;

/**
 * How this machine reaches the npm registry (its npm settings, certificate authorities, proxy):
 * the machine's, not the image's, so RUN steps get them as a builder on this machine would.
 */
function machineNetwork(): Record<string, string> {
  const passed = /^(HOME|npm_config_.*|NODE_EXTRA_CA_CERTS|SSL_CERT_.*|NIX_SSL_CERT_FILE|HTTPS?_PROXY|NO_PROXY)$/i;
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => passed.test(entry[0]) && entry[1] !== undefined));
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !isRoot)('the deployment kit', () => {
  const dockerfile = parseDockerfile(fs.readFileSync(path.join(ROOT, 'deploy/Dockerfile'), 'utf8'));
  const compose = YAML.parse(fs.readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8'), { merge: true });
  let work: string;
  const stages = new Map<string, { root: string; workdir: string; env: Record<string, string>; user?: string; cmd?: string[]; healthcheck?: string[]; exposed?: string }>();
  let final: string;
  let server: ChildProcess | undefined;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let dropSchema: (() => Promise<void>) | undefined;
  let output = '';

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-image-'));
    fs.chmodSync(work, 0o755);
    s3 = await startS3('lexsite-media');
  });
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await s3?.close();
    await dropSchema?.();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('runs every build step of deploy/Dockerfile: install from the lock, build, prune, copy into a runtime stage', async () => {
    const context = path.join(work, 'context');
    copyContext(context);
    const args: Record<string, string> = {};
    // The image's Node: its major version comes from the Dockerfile's base image, and the project's
    // pinned Node (node_modules/node) stands in for it, first in PATH as in the image.
    const nodeBin = path.join(ROOT, 'node_modules/node/bin');
    let current = '';
    for (const { name, args: rest } of dockerfile) {
      const expand = (text: string) => text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, a, b) => args[a ?? b] ?? stages.get(current)?.env[a ?? b] ?? whole);
      if (name === 'ARG') {
        const [key, value] = rest.split('=');
        args[key] = value ?? '';
      } else if (name === 'FROM') {
        const [image, , alias] = expand(rest).split(/\s+/);
        expect(image).toMatch(/^node:(\d+)-/);
        expect(process.versions.node.split('.')[0]).toBe(/^node:(\d+)-/.exec(image)![1]);
        current = alias;
        const root = path.join(work, alias);
        fs.mkdirSync(root, { recursive: true, mode: 0o755 });
        stages.set(alias, { root, workdir: root, env: { PATH: `${nodeBin}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin` } });
        final = alias;
      } else {
        const stage = stages.get(current)!;
        if (name === 'WORKDIR') {
          stage.workdir = path.join(stage.root, expand(rest));
          fs.mkdirSync(stage.workdir, { recursive: true, mode: 0o755 });
        } else if (name === 'ENV') {
          for (const pair of rest.split(/\s+/)) {
            // As Docker reads it: the name ends at the first '=' (NODE_OPTIONS=--max-semi-space-size=16).
            const at = pair.indexOf('=');
            stage.env[pair.slice(0, at)] = pair.slice(at + 1);
          }
        } else if (name === 'COPY') {
          const parts = rest.split(/\s+/);
          const from = parts[0].startsWith('--from=') ? stages.get(parts.shift()!.slice('--from='.length))! : undefined;
          const destination = parts.pop()!;
          const target = destination.startsWith('/') ? path.join(stage.root, destination) : path.join(stage.workdir, destination);
          for (const source of parts) {
            const origin = from ? path.join(from.root, source) : path.join(context, source);
            expect(fs.existsSync(origin), `COPY ${source}`).toBe(true);
            const into = source === '.' || destination.endsWith('/') ? path.join(target, source === '.' ? '' : path.basename(source)) : target;
            fs.cpSync(origin, into, { recursive: true, verbatimSymlinks: true });
          }
        } else if (name === 'RUN') {
          if (rest.includes('chown node:node')) userIds('node');
          const [command, ...commandArgs] = SHELL_FORM(rest);
          const result = spawnSync(command, commandArgs, { cwd: stage.workdir, env: { ...machineNetwork(), ...stage.env }, encoding: 'utf8', timeout: 8 * 60_000 });
          expect(result.status, `RUN ${rest}\n${result.stdout}\n${result.stderr}`).toBe(0);
        } else if (name === 'USER') {
          stage.user = rest;
        } else if (name === 'CMD') {
          stage.cmd = JSON.parse(rest);
        } else if (name === 'HEALTHCHECK') {
          stage.healthcheck = JSON.parse(rest.slice(rest.indexOf('CMD ') + 4));
        } else if (name === 'EXPOSE') {
          stage.exposed = rest;
        } else if (name !== 'VOLUME') {
          throw new Error(`the test does not know the Dockerfile instruction ${name}: teach it`);
        }
      }
    }
    const runtime = stages.get(final)!;
    expect(final).toBe('runtime');
    expect(runtime.user).toBe('node');
    expect(runtime.cmd).toEqual(['node', 'build/server.js']);
    const serve: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.serve;
    expect(serve).toContain('node --env-file-if-exists=.env build/server.js');
    // The memory settings `npm run serve` starts the server with (decision 029), the image's too.
    for (const [name, value] of [['MALLOC_ARENA_MAX', '2'], ['NODE_OPTIONS', '--max-semi-space-size=16']]) {
      expect(serve).toContain(`${name}=${value} `);
      expect(runtime.env[name]).toBe(value);
    }
    // What runs holds the server build and production dependencies only.
    const app = runtime.workdir;
    expect(fs.existsSync(path.join(app, 'build/server/index.js'))).toBe(true);
    expect(fs.existsSync(path.join(app, 'build/server.js'))).toBe(true);
    expect(fs.existsSync(path.join(app, 'node_modules/react-router'))).toBe(true);
    expect(fs.existsSync(path.join(app, 'node_modules/vitest'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules/eslint'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules/playwright-core'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'tests'))).toBe(false);
    const { uid } = userIds('node');
    expect(fs.statSync(path.join(app, 'data')).uid).toBe(uid);
    expect(fs.statSync(path.join(app, 'backups')).uid).toBe(uid);
  }, 15 * 60_000);

  it('starts the runtime stage as its non-root user with the compose file’s app environment, and passes its health check', async () => {
    const runtime = stages.get(final);
    expect(runtime, 'the build step ran first').toBeDefined();
    const { uid, gid } = userIds(runtime!.user!);
    const { schema, drop } = await createPostgresSchema();
    dropSchema = drop;
    const database = new URL(process.env.TEST_DATABASE_URL!);
    database.searchParams.set('options', `-c search_path=${schema}`);

    // compose.yaml's variables, read from the file: only what points at other containers changes.
    const given: Record<string, string> = { SITE_DOMAIN: 'lawfirm.uz', POSTGRES_PASSWORD: 'not-used-here', S3_SECRET_ACCESS_KEY: 'S3RVER', ADMIN_EMAIL: 'it@lawfirm.uz', ADMIN_PASSWORD: 'container-password', METRICS_TOKEN: 'container-metrics-token' };
    const interpolate = (value: string) => value.replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_whole, name: string, fallback?: string) => given[name] ?? (fallback?.startsWith('set ') ? '' : (fallback ?? '')));
    const composeEnv = Object.fromEntries(Object.entries(compose.services.app1.environment as Record<string, string>).map(([key, value]) => [key, interpolate(String(value))]));
    expect(compose.services.app2.environment).toEqual(compose.services.app1.environment);
    expect(composeEnv.DATABASE_URL).toBe('postgres://lexsite:not-used-here@postgres:5432/lexsite');
    expect(composeEnv.S3_ENDPOINT).toBe('http://minio:9000');
    composeEnv.DATABASE_URL = database.toString();
    composeEnv.S3_ENDPOINT = s3.endpoint;
    composeEnv.S3_ACCESS_KEY_ID = 'S3RVER';
    const port = await freePort();
    composeEnv.PORT = String(port);
    composeEnv.HOST = '127.0.0.1';
    composeEnv.BACKUP_DIR = path.join(runtime!.root, composeEnv.BACKUP_DIR);
    composeEnv.DATA_DIR = path.join(runtime!.root, runtime!.env.DATA_DIR);
    const env = { ...runtime!.env, ...composeEnv, HOME: runtime!.workdir };

    const [command, ...args] = runtime!.cmd!;
    server = spawn(command, args, { cwd: runtime!.workdir, env, uid, gid, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${base}/api/ready`).catch(() => undefined))?.status ?? (server!.exitCode !== null ? `exited: ${output}` : 0), { timeout: 60_000, interval: 250 })
      .toBe(200);

    // Served as the image would serve it: pages, the API, uploads into the bucket.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="uz"');
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'it@lawfirm.uz', password: 'container-password' }) })).json();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await sharp({ create: { width: 600, height: 400, channels: 3, background: '#222' } }).png().toBuffer())], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${base}/api/upload/single`, { method: 'POST', body: form, headers: { authorization: `Bearer ${login.data.token}` } });
    expect(uploaded.status).toBe(201);
    expect((await s3.keys()).length).toBe(4);
    // The scheduled backup was written as the image's user into its backups folder.
    await expect.poll(() => fs.readdirSync(composeEnv.BACKUP_DIR).length, { timeout: 20_000 }).toBe(1);
    expect(fs.statSync(path.join(composeEnv.BACKUP_DIR, fs.readdirSync(composeEnv.BACKUP_DIR)[0])).uid).toBe(uid);
    // The process runs as that user, not as root.
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(uid));

    const [checkCommand, ...checkArgs] = runtime!.healthcheck!;
    const healthy = spawnSync(checkCommand, checkArgs, { env, uid, gid, cwd: runtime!.workdir, timeout: 10_000 });
    expect(healthy.status).toBe(0);

    server.kill('SIGTERM');
    expect(await new Promise((resolve) => server!.once('exit', (code) => resolve(code)))).toBe(0);
    expect(output).toContain('stopped cleanly');
  }, 120_000);

  it.skipIf(!fs.existsSync('/usr/bin/docker-compose'))('has a compose file that docker-compose accepts, with two app instances, PostgreSQL, a bucket and nginx', () => {
    const env = { ...process.env, SITE_DOMAIN: 'lawfirm.uz', POSTGRES_PASSWORD: 'x', S3_SECRET_ACCESS_KEY: 'y' };
    const checked = spawnSync('docker-compose', ['-f', path.join(ROOT, 'deploy/compose.yaml'), 'config', '-q'], { env, encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'bucket', 'minio', 'nginx', 'postgres']);
    const missing = spawnSync('docker-compose', ['-f', path.join(ROOT, 'deploy/compose.yaml'), 'config', '-q'], { env: { ...process.env, SITE_DOMAIN: 'lawfirm.uz' }, encoding: 'utf8' });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('set POSTGRES_PASSWORD');
  });

  it.skipIf(!fs.existsSync('/usr/bin/systemd-analyze'))('has a systemd unit that systemd-analyze verifies', () => {
    const checked = spawnSync('systemd-analyze', ['verify', path.join(ROOT, 'deploy/lexsite.service')], { encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });
});
