import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../server/start.ts';
import { freePort } from './processes.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

/** Replaces `from` in `text`, and fails when it is not there: the test must use the file as shipped. */
function replaceExactly(text: string, from: string | RegExp, to: string): string {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`deploy/nginx/lexsite.conf no longer contains ${String(from)}: update the test with it`);
  return next;
}

/**
 * The deployment kit's nginx configuration (deploy/nginx/lexsite.conf), changed only where a
 * test machine differs from a server: its ports, the instances' addresses, a self-signed
 * certificate and folders of its own. Checked with `nginx -t`, then started.
 */
export async function startNginx(upstreams: string[]) {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-nginx-'));
  fs.chmodSync(folder, 0o755);
  for (const sub of ['certificates', 'cache', 'certbot', 'temp']) fs.mkdirSync(path.join(folder, sub), { mode: 0o777 });
  const certificate = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=lawfirm.uz',
    '-keyout', path.join(folder, 'certificates/privkey.pem'), '-out', path.join(folder, 'certificates/fullchain.pem'),
  ]);
  if (certificate.status !== 0) throw new Error(`openssl failed: ${certificate.stderr}`);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];

  let site = fs.readFileSync(path.join(ROOT, 'deploy/nginx/lexsite.conf'), 'utf8');
  site = replaceExactly(site, /    server app1:3000 (.*);\n    server app2:3000 (.*);\n/, upstreams.map((address) => `    server ${address} $1;\n`).join(''));
  site = replaceExactly(site, '    listen 80 default_server;\n    listen [::]:80 default_server;\n    listen 443 ssl default_server;\n    listen [::]:443 ssl default_server;\n', `    listen 127.0.0.1:${httpPort} default_server;\n    listen 127.0.0.1:${httpsPort} ssl default_server;\n`);
  site = replaceExactly(site, '    listen 80;\n    listen [::]:80;\n', `    listen 127.0.0.1:${httpPort};\n`);
  site = replaceExactly(site, '    listen 443 ssl http2;\n    listen [::]:443 ssl http2;\n', `    listen 127.0.0.1:${httpsPort} ssl http2;\n`);
  site = replaceExactly(site, /\/etc\/nginx\/certificates\//g, `${folder}/certificates/`);
  site = replaceExactly(site, '/var/cache/nginx/lexsite', `${folder}/cache`);
  site = replaceExactly(site, '/var/www/certbot', `${folder}/certbot`);
  site = replaceExactly(site, /\/var\/log\/nginx\//g, `${folder}/`);
  fs.writeFileSync(path.join(folder, 'lexsite.conf'), site);
  const temp = path.join(folder, 'temp');
  fs.writeFileSync(
    path.join(folder, 'nginx.conf'),
    `user root;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
daemon off;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  access_log ${folder}/access.log;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${folder}/lexsite.conf;
}
`,
  );
  const check = spawnSync(NGINX, ['-t', '-c', path.join(folder, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-c', path.join(folder, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = http.get({ host: '127.0.0.1', port: httpPort, path: '/', headers: { host: 'lawfirm.uz' } }, (response) => {
        response.resume();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    checkOutput: check.stderr,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpsPort,
    /** The kit's own access log (its lexsite format). */
    accessLog: path.join(folder, 'lexsite.access.log'),
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
}

/**
 * One request over HTTPS to nginx's self-signed certificate, from a chosen local address (the
 * whole 127.0.0.0/8 is ours: 127.0.0.2 is another visitor than 127.0.0.3).
 */
export function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {}): Promise<Answer> {
  const target = new URL(url);
  const payload = options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string | number> = { host: 'lawfirm.uz', ...options.headers };
  if (payload && !options.headers?.['content-type']) headers['content-type'] = 'application/json';
  if (payload) headers['content-length'] = payload.length;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers,
        localAddress: options.from,
        rejectUnauthorized: false,
        servername: 'lawfirm.uz',
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode!, headers: response.headers, body, json: () => JSON.parse(body.toString('utf8')) });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
