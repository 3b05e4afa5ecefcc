import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { can, rolesFor, type Action, type Resource } from '../../domain/access/permissions.ts';
import { AppError } from '../../domain/shared/errors.ts';

/*
 * A route declares what it is, once: its address, who may call it (an action of the permission
 * table), what it reads (params, query, body as zod schemas) and what it answers. Fastify serves it
 * from this declaration, and the OpenAPI document and the permission test are made from the same
 * list (`routeCatalog`), so none of them can drift from what the server does.
 */

/** Who may call a route: anyone, any signed-in account, or those the permission table grants the action. */
export type Access = 'public' | 'signedIn' | Action;

/** JSON Schema written by hand where a zod schema cannot say it (a file, a stream of CSV), or a `schemaRef`. */
export type JsonSchema = Record<string, unknown>;

/** A named schema of the document's components (a record type's `News`, `NewsInput`, `Redirect` …). */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const NAMES = new WeakMap<object, string>();
/** Give a schema (zod, or JSON Schema) a name: the document shows it once among its components and refers to it. */
export function named<S extends z.ZodType | JsonSchema>(schema: S, name: string): S {
  NAMES.set(schema, name);
  return schema;
}
/** The name `named` gave a schema. */
export const componentName = (schema: object): string | undefined => NAMES.get(schema);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declaration, when it was served by `route()`. */
    declaration?: RouteDeclaration;
  }
}

export interface Answer {
  /** What this answer means, for the reader of the document. */
  description: string;
  /** The envelope's `data` (JSON answers), or the body's schema for another content type. */
  data?: z.ZodType | JsonSchema;
  /** Another content type than the JSON envelope (text/csv, text/html, application/octet-stream …). */
  contentType?: string;
  /** The envelope carries `pagination` beside `data` (always, or 'when asked': a page was asked for). */
  paginated?: boolean | 'when asked';
}

export interface RouteDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form (`/news/:id`), relative to the plugin's prefix. */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  access: Access;
  /**
   * Where the action's rule depends on what is touched (a translator changes only their
   * languages): the resource, read from the request after its body and params are parsed.
   */
  resource?: (request: FastifyRequest) => Resource | Promise<Resource>;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType | JsonSchema;
  /** The body is required (default: true when `body` is given). */
  bodyRequired?: boolean;
  /** application/json unless said (multipart/form-data for uploads). */
  bodyContentType?: string;
  /** Successful answers by status (200, 201, 202, 204, 302 …). */
  answers: Record<number, Answer>;
  /** The error statuses it may answer (each described once in the document's components). */
  errors: number[];
  /** Response headers it sets that a client reads (name → description). */
  headers?: Record<string, string>;
  /** Fastify's own options: route config (cache: false …), bodyLimit. */
  options?: Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** A declaration as served: its full address (with the prefix it was registered under). */
export interface CatalogEntry extends Omit<RouteDeclaration, 'handler'> {
  path: string;
}

const SIGN_IN_REQUIRED = 'Sign in to do this: your session is missing or has expired.';
const ROLE_NAMES: Record<string, string> = { admin: 'an administrator', editor: 'an editor', approver: 'an approver', translator: 'a translator' };

/**
 * The guard for an access rule: 401 without a session, 403 naming who may otherwise.
 * @public for a route Fastify serves outside the catalog (a page's form) that needs the same rule.
 */
export function guardFor(access: Access, resourceOf?: RouteDeclaration['resource']) {
  return async function guard(request: FastifyRequest): Promise<void> {
    if (access === 'public') return;
    if (!request.user) throw new AppError(401, 'UNAUTHORIZED', SIGN_IN_REQUIRED);
    if (access === 'signedIn') return;
    const resource = resourceOf ? await resourceOf(request) : {};
    if (can(request.user, access, resource)) return;
    throw refusal(request.user.role, access, resource);
  };
}

/** The 403 of an action the role may not do, naming who may (the guard's, and a bulk action's per record). */
export function refusal(role: string, action: Action, resource: Resource = {}): AppError {
  const who = rolesFor(action).map((named) => ROLE_NAMES[named] ?? named);
  const mine = ROLE_NAMES[role] ?? role;
  const where = resource.language ? ` in ${resource.language}` : '';
  return new AppError(403, 'FORBIDDEN', `As ${mine} you cannot do this${where}: only ${who.join(' or ')} can. Ask an administrator.`);
}

/** A route as Fastify serves it, declared or not (the drift test compares these with the document). */
export interface ServedRoute {
  method: string;
  path: string;
  declared: boolean;
}

const CATALOG = Symbol('routeCatalog');
const SERVED = Symbol('servedRoutes');
type WithCatalog = FastifyInstance & { [CATALOG]?: CatalogEntry[]; [SERVED]?: ServedRoute[] };

/** Start collecting declared routes on the root instance (call before registering any route). */
export function collectRoutes(app: FastifyInstance): CatalogEntry[] {
  const catalog: CatalogEntry[] = [];
  const served: ServedRoute[] = [];
  (app as WithCatalog)[CATALOG] = catalog;
  (app as WithCatalog)[SERVED] = served;
  app.addHook('onRoute', (options) => {
    const declaration = options.config?.declaration;
    for (const method of [options.method].flat()) if (method !== 'HEAD') served.push({ method, path: options.url, declared: Boolean(declaration) });
    if (!declaration || options.method === 'HEAD') return;
    const { handler: _handler, ...rest } = declaration;
    catalog.push({ ...rest, path: options.url });
  });
  return catalog;
}

/** Every route registered since `collectRoutes`, declared or not, by method and full address. */
export function servedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  const served = (app as WithCatalog)[SERVED];
  if (!served) throw new Error('collectRoutes(app) was not called on the root instance');
  return served;
}

/** Every route declared on this app so far, with its full address (plugins see the root's list: fastify makes them from it). */
export function routeCatalog(app: FastifyInstance): readonly CatalogEntry[] {
  const catalog = (app as WithCatalog)[CATALOG];
  if (!catalog) throw new Error('collectRoutes(app) was not called on the root instance');
  return catalog;
}

/** Serve a declared route. */
export function route(app: FastifyInstance, declaration: RouteDeclaration): void {
  app.route({
    method: declaration.method,
    url: declaration.url,
    ...declaration.options,
    config: { ...declaration.options?.config, declaration },
    // A public route has nothing to guard: no hook on its requests (the uncached reads of the site).
    ...(declaration.access === 'public' ? {} : { preHandler: guardFor(declaration.access, declaration.resource) }),
    handler: declaration.handler,
  });
}
