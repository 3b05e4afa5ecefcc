import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../server/start.ts';
import { freePort } from './processes.ts';

export const VARNISHD = ['/usr/sbin/varnishd', '/usr/bin/varnishd'].find((candidate) => fs.existsSync(candidate));

/** Replaces `from` in `text`, and fails when it is not there: the test must use the file as shipped. */
function replaceExactly(text: string, from: string | RegExp, to: string): string {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`deploy/varnish/default.vcl no longer contains ${String(from)}: update the test with it`);
  return next;
}

/**
 * The deployment kit's Varnish configuration (deploy/varnish/default.vcl), changed only where a
 * test machine differs from a server: the instances' addresses. Compiled (`varnishd -C`), then
 * started in the foreground on a port of its own with its own working folder.
 */
export async function startVarnish(backends: [string, string], givenPort?: number) {
  if (!VARNISHD) throw new Error('varnishd is not installed (apt-get install varnish varnish-modules)');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-varnish-'));
  fs.chmodSync(folder, 0o755);
  let vcl = fs.readFileSync(path.join(ROOT, 'deploy/varnish/default.vcl'), 'utf8');
  backends.forEach((address, index) => {
    const [host, port] = address.split(':');
    vcl = replaceExactly(vcl, `    .host = "app${index + 1}";\n    .port = "3000";`, `    .host = "${host}";\n    .port = "${port}";`);
  });
  // Probes every half second: a stopped instance is noticed within the test's patience.
  vcl = replaceExactly(vcl, /\.interval = 5s;/g, '.interval = 500ms;');
  const file = path.join(folder, 'default.vcl');
  fs.writeFileSync(file, vcl);
  const workdir = path.join(folder, 'work');
  const compiled = spawnSync(VARNISHD, ['-C', '-f', file, '-n', workdir], { encoding: 'utf8' });
  if (compiled.status !== 0) throw new Error(`varnishd -C refused the configuration:\n${compiled.stderr}`);
  const port = givenPort ?? (await freePort());
  const child: ChildProcess = spawn(
    VARNISHD,
    ['-F', '-j', 'none', '-n', workdir, '-a', `127.0.0.1:${port}`, '-f', file, '-s', 'malloc,64m', '-T', 'none', '-p', 'default_grace=0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    try {
      // Any answer: the instances behind it may not be up yet (it then answers 503 until its probes see them).
      await fetch(`${url}/api/health`);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`varnishd did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
