import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../app-services.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';

const EDGE_STATE = z.object({
  adapter: z.enum(['varnish', 'cloudflare', 'fastly', 'bunny']).nullable().describe('EDGE_PURGE, or null when no CDN or shared cache is set up'),
  lastPurges: z
    .array(
      z.object({
        at: z.string().describe('When it was sent, or queued when not yet sent'),
        tags: z.array(z.string()),
        status: z.enum(['pending', 'sent', 'failed']).describe('failed: given up after a day of tries'),
        attempts: z.number().int(),
        error: z.string().nullable().describe('The vendor’s last refusal'),
      }),
    )
    .describe('The latest purges, newest first (sent ones are kept ten minutes)'),
  failing: z.boolean().describe('A purge waits after a refusal, or was given up'),
  pending: z.number().int(),
  failed: z.number().int(),
  lastSuccess: z.string().nullable(),
  lastError: z.string().nullable(),
});

/** The purges of the CDN or shared cache in front (API-4.md "Serving behind a CDN or a shared cache"). */
export async function edgeRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  route(app, {
    method: 'GET',
    url: '/admin/edge',
    operationId: 'getEdgePurges',
    summary: 'The CDN or shared cache in front: its latest purges by tag and whether they fail',
    tags: ['Admin'],
    access: 'edge.observe',
    answers: { 200: { description: 'The purges', data: EDGE_STATE } },
    errors: [401, 403],
    handler: async () =>
      ok(services.edge ? await services.edge.state() : { adapter: null, lastPurges: [], failing: false, pending: 0, failed: 0, lastSuccess: null, lastError: null }),
  });
}
