import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { APP_VERSION as version } from '../version.ts';
import { failure, ok } from '../http/envelope.ts';
import { UNAVAILABLE_MESSAGE } from '../http/error-handler.ts';

const PING_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/health', { config: { cache: false } }, async (request, reply) => {
    const uptime = Math.round(process.uptime());
    try {
      await Promise.race([
        services.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS).unref()),
      ]);
      return ok({ status: 'ok', database: 'ok', version, uptime });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ ...failure(UNAVAILABLE_MESSAGE, 'UNAVAILABLE'), data: { status: 'unavailable', database: 'unavailable', version, uptime } });
    }
  });
}
