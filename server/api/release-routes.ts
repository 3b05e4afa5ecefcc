import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ChannelPostItemSchema, ITEM_PROBLEMS, RELEASE_STATES, ReleaseInputSchema, ReleaseItemSchema, ReleaseUpdateSchema } from '../../domain/releases/release-schema.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { named, route, type RouteDeclaration } from '../http/route.ts';
import { idParams, NO_DATA } from './route-parts.ts';

const PERSON = z.object({ _id: z.string(), email: z.string() }).nullable();
const RELEASE = named(
  z.object({
    _id: z.string(),
    title: z.string(),
    notes: z.string(),
    publishAt: z.string().nullable().describe('When it goes out by itself (UTC); null: only when published by hand'),
    items: z.array(ReleaseItemSchema),
    channelPosts: z.array(ChannelPostItemSchema),
    state: z.enum(RELEASE_STATES),
    reason: z.string().nullable().describe('Why a scheduled release did not go out (state failed)'),
    createdBy: PERSON,
    scheduledBy: PERSON,
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  }),
  'Release',
);
const READINESS = z.object({
  type: z.string(),
  id: z.string(),
  title: z.string(),
  action: z.enum(['publish', 'unpublish']),
  hasCopy: z.boolean(),
  approval: z.enum(['approved', 'needed', 'not_needed']),
  ready: z.boolean(),
  problems: z.array(z.object({ code: z.enum(ITEM_PROBLEMS), message: z.string(), lang: z.string().optional(), codes: z.array(z.string()).optional() })),
});
const ID = idParams('The release');
const ITEM_PARAMS = z.object({ id: z.string().describe('The release'), type: z.string().describe('The record’s type'), itemId: z.string().describe('The record') });

/**
 * Releases (API-4.md "Releases, the calendar and bulk actions"): records, languages and channel
 * posts published together, now or at a moment, all or nothing (domain/releases).
 */
export async function releaseRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const serve = (declaration: Omit<RouteDeclaration, 'tags'>) => route(app, { tags: ['Releases'], ...declaration });
  const { releases } = services;

  serve({
    method: 'GET',
    url: '/releases',
    operationId: 'listReleases',
    summary: 'Releases, newest first (with state, only those: failed ones for the dashboard)',
    access: 'content.read',
    query: z.object({ state: z.enum(RELEASE_STATES).optional() }),
    answers: { 200: { description: 'Releases', data: z.array(RELEASE) } },
    errors: [400, 401, 403],
    handler: async (request) => ok(await releases.list((request.query as { state?: (typeof RELEASE_STATES)[number] }).state)),
  });

  serve({
    method: 'POST',
    url: '/releases',
    operationId: 'createRelease',
    summary: 'Make a release (with publishAt it is scheduled by you); an item in another open or scheduled release is a 409',
    access: 'release.manage',
    body: ReleaseInputSchema,
    answers: { 201: { description: 'Made', data: RELEASE } },
    errors: [400, 401, 403, 409],
    handler: async (request, reply) => reply.status(201).send(ok(await releases.create(request.body, actorOf(request)), { message: 'Release made' })),
  });

  serve({
    method: 'GET',
    url: '/releases/:id',
    operationId: 'getRelease',
    summary: 'A release, with each item’s readiness: its checks and approval (what would stop it now)',
    access: 'content.read',
    params: ID,
    answers: { 200: { description: 'The release', data: RELEASE.extend({ readiness: z.array(READINESS) }) } },
    errors: [401, 403, 404],
    handler: async (request) => ok(await releases.get((request.params as { id: string }).id)),
  });

  serve({
    method: 'PUT',
    url: '/releases/:id',
    operationId: 'updateRelease',
    summary: 'Change a release (send version to refuse a stale edit); publishAt schedules it, null opens it again; a failed one changed is open again',
    access: 'release.manage',
    params: ID,
    body: ReleaseUpdateSchema,
    answers: { 200: { description: 'Saved', data: RELEASE } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => ok(await releases.update((request.params as { id: string }).id, request.body, actorOf(request)), { message: 'Release saved' }),
  });

  serve({
    method: 'DELETE',
    url: '/releases/:id',
    operationId: 'deleteRelease',
    summary: 'Delete a release (what it published stays published)',
    access: 'release.manage',
    params: ID,
    answers: { 200: { description: 'Deleted', data: NO_DATA } },
    errors: [401, 403, 404],
    handler: async (request) => {
      await releases.remove((request.params as { id: string }).id, actorOf(request));
      return ok(null, { message: 'Release deleted' });
    },
  });

  serve({
    method: 'POST',
    url: '/releases/:id/items',
    operationId: 'addReleaseItem',
    summary: 'Add a record to a release (or change its action and languages); 409 when it is in another open or scheduled release',
    access: 'release.manage',
    params: ID,
    body: ReleaseItemSchema,
    answers: { 200: { description: 'The release', data: RELEASE } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => ok(await releases.addItem((request.params as { id: string }).id, request.body, actorOf(request)), { message: 'Added to the release' }),
  });

  serve({
    method: 'DELETE',
    url: '/releases/:id/items/:type/:itemId',
    operationId: 'removeReleaseItem',
    summary: 'Take a record out of a release',
    access: 'release.manage',
    params: ITEM_PARAMS,
    answers: { 200: { description: 'The release', data: RELEASE } },
    errors: [401, 403, 404, 409],
    handler: async (request) => {
      const { id, type, itemId } = request.params as z.infer<typeof ITEM_PARAMS>;
      return ok(await releases.removeItem(id, type, itemId), { message: 'Taken out of the release' });
    },
  });

  serve({
    method: 'POST',
    url: '/releases/:id/publish',
    operationId: 'publishRelease',
    summary: 'Publish the release now: every item’s working copy and action in one transaction, all or nothing',
    description:
      'Each item is checked first: 422 checks_failed (checks, a missing language, a stale copy) or 403 approval_required, or 409 in_release (an item in another open release), each detail naming the item (path items.N, params type, id, lang, codes). Alerts and channel posts are queued after the commit, once.',
    access: 'release.publish',
    params: ID,
    answers: { 200: { description: 'Published', data: RELEASE } },
    errors: [401, 403, 404, 409, 422],
    handler: async (request) => ok(await releases.publish((request.params as { id: string }).id, actorOf(request)), { message: 'Release published' }),
  });

  serve({
    method: 'POST',
    url: '/releases/:id/preview',
    operationId: 'previewRelease',
    summary: 'Signed preview links (one hour) of each record the release publishes, in each of its languages, as it will look',
    access: 'release.manage',
    params: ID,
    answers: { 200: { description: 'Links', data: z.object({ links: z.array(z.object({ type: z.string(), id: z.string(), lang: z.string(), url: z.string(), expiresAt: z.string() })) }) } },
    errors: [401, 403, 404],
    handler: async (request) => ok(await releases.preview((request.params as { id: string }).id, actorOf(request))),
  });
}
