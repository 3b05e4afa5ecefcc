import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { APP_VERSION as version } from '../version.ts';
import { failure, ok } from '../http/envelope.ts';
import { UNAVAILABLE_MESSAGE } from '../http/error-handler.ts';
import { route } from '../http/route.ts';

const PING_TIMEOUT_MS = 2000;

const ping = (services: AppServices) =>
  Promise.race([services.database.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS).unref())]);

export async function healthRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  /**
   * Readiness, for a load balancer: 200 once migrations ran and the database answers; 503 while
   * starting (server/startup-gate.ts answers then), while stopping, or without the database.
   */
  route(app, {
    method: 'GET',
    url: '/ready',
    operationId: 'getReadiness',
    summary: 'Readiness, for a load balancer: 200 once migrations ran and the database answers (with a replica: its state and lag); 503 with Retry-After while starting, stopping or without the database',
    tags: ['System'],
    access: 'public',
    answers: {
      200: {
        description: 'Ready to serve; with DATABASE_REPLICA_URL, the replica\'s state (visitors read the primary while it is not "ok") and its lag in seconds',
        data: {
          type: 'object',
          required: ['status'],
          properties: {
            status: { const: 'ready' },
            replica: { enum: ['ok', 'lagging', 'down'] },
            replicaLagSeconds: { type: ['number', 'null'] },
            replicaCheckedAt: { type: ['string', 'null'], format: 'date-time' },
          },
          additionalProperties: false,
        },
      },
    },
    errors: [503],
    options: { config: { cache: false } },
    handler: async (request, reply) => {
      if (services.stopping()) return reply.status(503).header('retry-after', '5').send({ ...failure('The site is stopping on this instance.', 'UNAVAILABLE'), data: { status: 'stopping' } });
      try {
        await ping(services);
        const replica = services.database.replica?.status();
        // A replica down or behind does not make the instance unready: it reads the primary meanwhile.
        return ok(replica ? { status: 'ready', replica: replica.replica, replicaLagSeconds: replica.lagSeconds, replicaCheckedAt: replica.checkedAt } : { status: 'ready' });
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unavailable');
        return reply.status(503).header('retry-after', '5').send({ ...failure(UNAVAILABLE_MESSAGE, 'UNAVAILABLE'), data: { status: 'unavailable' } });
      }
    },
  });

  /** Liveness: the process answers (503 only when its database does not). */
  route(app, {
    method: 'GET',
    url: '/health',
    operationId: 'getHealth',
    summary: 'Liveness: the process answers (status "starting" with its phase while the database is migrated), 503 when its database does not',
    tags: ['System'],
    access: 'public',
    answers: {
      200: {
        description: 'Alive',
        data: {
          type: 'object',
          required: ['status'],
          properties: { status: { enum: ['ok', 'starting'] }, phase: { enum: ['starting', 'migrating', 'seeding'] }, database: { const: 'ok' }, version: { type: 'string' }, uptime: { type: 'integer' } },
          additionalProperties: false,
        },
      },
    },
    errors: [503],
    options: { config: { cache: false } },
    handler: async (request, reply) => {
      const uptime = Math.round(process.uptime());
      try {
        await ping(services);
        return ok({ status: 'ok', database: 'ok', version, uptime });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ ...failure(UNAVAILABLE_MESSAGE, 'UNAVAILABLE'), data: { status: 'unavailable', database: 'unavailable', version, uptime } });
      }
    },
  });
}
