import module from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import type { Application } from './start.ts';
import { openStartupGate } from './startup-gate.ts';

const dev = process.argv.includes('--dev');

// The application's modules, compiled (TypeScript stripped), are kept between starts: about 0.4 s
// off each start after the first (docs/performance.md). In the project's own folder, never a
// shared one; where it cannot be written Node goes on without it.
if (!dev) module.enableCompileCache(process.env.NODE_COMPILE_CACHE || path.join(import.meta.dirname, '../node_modules/.cache/node-compile-cache'));

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel, dev);
let application: Application | undefined;

async function main() {
  // The port answers from here on: alive, not ready, while the application loads (over a second of
  // module loading), its database is migrated and a new site is set up.
  const gate = await openStartupGate(config!.port, config!.host);
  try {
    const [{ loadServerBuild, ROOT, startApplication }, { seedDemoContent }] = await Promise.all([import('./start.ts'), import('../seed/demo.ts')]);
    let ssrBuild;
    let beforeRoutes;
    if (dev) {
      // Vite serves the pages with hot reload; the API and uploads stay on Fastify.
      const { createServer } = await import('vite');
      const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
      ssrBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as never;
      beforeRoutes = async (app: FastifyInstance) => {
        await app.register((await import('@fastify/middie')).default);
        app.use((request, response, next) => (request.url?.startsWith('/api') || request.url?.startsWith('/uploads') ? next() : vite.middlewares(request, response, next)));
        app.addHook('onClose', () => vite.close());
      };
    } else {
      ssrBuild = await loadServerBuild();
      if (!ssrBuild) logger.warn('no website build found: run "npm run build" (the API works without it)');
    }
    application = await startApplication(config!, logger, { ssrBuild, mode: dev ? 'development' : 'production', beforeRoutes, seedDemo: seedDemoContent, onPhase: gate.phase });
  } finally {
    await gate.close();
  }
  await application.app.listen({ port: config!.port, host: config!.host });
  logger.info(`site ready at ${config!.publicUrl} (${application.database.dialect})`);
  // The heap collected when the process holds more than MEMORY_TARGET_MB (server/operations/memory.ts).
  if (config!.memoryTargetBytes) {
    const { keepMemory } = await import('./operations/memory.ts');
    let answering = 0;
    application.app.server.on('request', (_request, response) => {
      answering += 1;
      response.once('close', () => (answering -= 1));
    });
    keepMemory({ targetBytes: config!.memoryTargetBytes, busy: () => answering > 0, collected: (before, after) => logger.debug({ heapBefore: before, heapAfter: after }, 'memory over its target: heap collected') });
  }
  // After the first requests had their turn: the warming renders one page at a time in the background.
  await new Promise((resolve) => setTimeout(resolve, 1000).unref());
  void application
    .warmCache()
    .then((count) => logger.debug({ count }, 'page cache warmed'))
    .catch((error: unknown) => logger.warn({ err: error }, 'could not warm the page cache; pages are rendered when first asked for'));
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    logger.error('shutdown took longer than 25 s; exiting');
    process.exit(1);
  }, 25_000);
  force.unref();
  try {
    await application?.close();
    logger.info('stopped cleanly');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

main().catch((error) => {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
});
