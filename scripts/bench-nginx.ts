import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * nginx serving the very bytes our server answers (issue 16's yardstick): each measured address is
 * fetched once, written to a file with its type, and served by one nginx worker (our server is one
 * process too), without logging.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export async function startNginxWithBytesOf(base: string, urls: string[], headers: Record<string, string>) {
  if (!NGINX) return undefined;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-bench-nginx-'));
  fs.chmodSync(folder, 0o755);
  const locations: string[] = [];
  for (const [index, url] of urls.entries()) {
    const response = await fetch(base + url, { headers });
    const file = path.join(folder, `answer-${index}`);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    fs.chmodSync(file, 0o644);
    const type = response.headers.get('content-type') ?? 'text/html';
    // One plain path per answer (a path ending in / would be a directory to nginx).
    locations.push(`location = /answer-${index} { default_type "${type}"; alias ${file}; }`);
  }
  const port = await freePort();
  const temp = path.join(folder, 'temp');
  fs.mkdirSync(temp, { mode: 0o777 });
  fs.writeFileSync(
    path.join(folder, 'nginx.conf'),
    `user root;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  keepalive_requests 100000;
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:${port};
    ${locations.join('\n    ')}
  }
}
`,
  );
  const nginx: ChildProcess = spawn(NGINX, ['-c', path.join(folder, 'nginx.conf'), '-p', folder], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/answer-0`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    /** nginx's address of the same bytes as `url` on our server. */
    urlOf: (url: string) => `http://127.0.0.1:${port}/answer-${urls.indexOf(url)}`,
    async stop() {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
