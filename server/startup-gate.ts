import http from 'node:http';

export type StartupPhase = 'starting' | 'migrating' | 'seeding';

/**
 * What the port answers while the application starts (migrations can take minutes on a large
 * site): the liveness check says the process lives, the readiness check and every other request
 * say 503 with Retry-After, so a load balancer sends visitors to an instance that is ready.
 * Closed just before the application itself listens on the same port.
 */
export async function openStartupGate(port: number, host: string): Promise<{ phase(phase: StartupPhase): void; close(): Promise<void> }> {
  let current: StartupPhase = 'starting';
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' });
      response.end(JSON.stringify(body));
    };
    if (path === '/api/health') return json(200, { success: true, data: { status: 'starting', phase: current, uptime: Math.round(process.uptime()) } });
    if (path.startsWith('/api/')) {
      return json(503, { success: false, message: 'The site is starting (database being prepared); try again in a few seconds.', code: 'UNAVAILABLE', data: { status: 'starting', phase: current } });
    }
    response.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' });
    // Shown for the seconds a start takes; it reloads itself. Inline style: no file can be served yet.
    response.end(
      '<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="5">' +
        '<title>Sayt ishga tushmoqda · Сайт запускается</title></head>' +
        '<body style="margin:0;background:#f8fafc;color:#0f172a"><main style="font:18px/1.5 system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1.25rem;text-align:center">' +
        '<p>Sayt ishga tushmoqda. Bir necha soniyadan so‘ng sahifa o‘zi yangilanadi.</p>' +
        '<p lang="ru">Сайт запускается. Через несколько секунд страница обновится сама.</p>' +
        '<p lang="en">The site is starting. This page reloads itself in a few seconds.</p></main></body></html>',
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    phase(phase) {
      current = phase;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
