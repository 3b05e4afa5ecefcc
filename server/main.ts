import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { loadServerBuild, ROOT, startApplication, type Application } from './start.ts';
import { seedDemoContent } from '../seed/demo.ts';
import { openStartupGate } from './startup-gate.ts';

const dev = process.argv.includes('--dev');

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
  // While the database is migrated and seeded the port already answers: alive, not ready.
  const gate = await openStartupGate(config!.port, config!.host);
  try {
    application = await startApplication(config!, logger, { ssrBuild, mode: dev ? 'development' : 'production', beforeRoutes, seedDemo: seedDemoContent, onPhase: gate.phase });
  } finally {
    await gate.close();
  }
  await application.app.listen({ port: config!.port, host: config!.host });
  logger.info(`site ready at ${config!.publicUrl} (${application.database.dialect})`);
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
