import type { FastifyInstance } from 'fastify';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import { actorOf, assertAdminRead, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseListQuery, type ListParameters } from '../http/query.ts';

export interface RecordRouteOptions {
  /** Paginated lists (news, blog) and their default page size. */
  pageSize?: number;
  /** GET /{path}/slug/{slug} (news, blog, services). */
  bySlug?: boolean;
  /** A public detail read adds one to `views` (news, blog). */
  countViews?: boolean;
}

export const deletedMessage = (label: string) => `${label} deleted`;

export function toListQuery(parameters: ListParameters, admin: boolean) {
  return { ...parameters, admin, search: parameters.search ?? parameters.q };
}

/** The five calls every record type has: list, read, create, update, delete. */
export function registerRecordRoutes(app: FastifyInstance, path: string, service: RecordService, options: RecordRouteOptions = {}): void {
  const label = service.definition.label;

  app.get(path, async (request) => {
    const parameters = parseListQuery(request.query);
    const admin = assertAdminRead(request, parameters.admin);
    const query = toListQuery(parameters, admin);
    if (options.pageSize) {
      const page = await service.listPage(query, options.pageSize);
      return ok(page.data, { pagination: page.pagination });
    }
    return ok(await service.list(query));
  });

  const readOne = async (record: StoredRecord, admin: boolean) => {
    if (options.countViews && !admin && record.published) {
      await service.store.increment(record._id, 'views');
      return { ...record, views: Number(record.views ?? 0) + 1 };
    }
    return record;
  };

  // Detail reads that count views are never served from the cache.
  const detailConfig = { config: { cache: !options.countViews } };

  app.get<{ Params: { id: string } }>(`${path}/:id`, detailConfig, async (request) => {
    const admin = assertAdminRead(request, parseListQuery(request.query).admin);
    return ok(await readOne(await service.get(request.params.id, { admin }), admin));
  });

  if (options.bySlug) {
    app.get<{ Params: { slug: string } }>(`${path}/slug/:slug`, detailConfig, async (request) => {
      const admin = assertAdminRead(request, parseListQuery(request.query).admin);
      return ok(await readOne(await service.getBySlug(request.params.slug, { admin }), admin));
    });
  }

  app.post(path, { preHandler: requireUser }, async (request, reply) => {
    const created = await service.create(request.body, actorOf(request));
    return reply.status(201).send(ok(created, { message: `${label} created` }));
  });

  app.put<{ Params: { id: string } }>(`${path}/:id`, { preHandler: requireUser }, async (request) => {
    return ok(await service.update(request.params.id, request.body, actorOf(request)), { message: `${label} updated` });
  });

  app.delete<{ Params: { id: string } }>(`${path}/:id`, { preHandler: requireUser }, async (request) => {
    await service.remove(request.params.id, actorOf(request));
    return ok(null, { message: deletedMessage(label) });
  });
}
