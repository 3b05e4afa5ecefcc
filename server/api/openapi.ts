import { z } from 'zod';
import { DOCUMENT_OR_TEXT, DOCUMENT_SCHEMAS } from '../../domain/documents/document-schema.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { CONFLICT_REASONS, ISSUE_CODES } from '../../domain/shared/errors.ts';
import { PUBLIC_STATES, type RecordType } from '../../domain/shared/record-type.ts';
import { APP_VERSION as version } from '../version.ts';
import { componentName, type Access, type Answer, type CatalogEntry, type JsonSchema, type RouteDeclaration } from '../http/route.ts';
import { PERMISSIONS } from '../../domain/access/permissions.ts';
import { sharedComponents } from './openapi-components.ts';

/*
 * The OpenAPI 3.1 document, made from the routes' own declarations (server/http/route.ts): each
 * declared route gives its path, parameters, body and answers as the zod schemas the route reads
 * with, so the document cannot drift from what the server accepts. The record types' schemas come
 * from the registry, documents from their closed set of nodes (domain/documents/document-schema.ts),
 * every error `reason` from CONFLICT_REASONS. tests/api/openapi-drift.test.ts holds the server to it.
 */

type Operation = Record<string, unknown>;
type Paths = Record<string, Record<string, Operation>>;

const BEARER = [{ bearer: [] }];
const context = { defaultLanguage: 'uz' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const DOCUMENT_VALUE = { anyOf: [ref('Document'), { type: 'string', description: 'A plain text (blank lines between paragraphs); with format=html or format=text the document as HTML or as plain text' }] };

/** A zod schema as JSON Schema: what a client sends (`input`) or what it is answered (`output`). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // A document of a record's field: typed by its closed set of nodes (the route validates it by documentProblem).
    override: (context) => {
      if (context.zodSchema === DOCUMENT_OR_TEXT) Object.assign(context.jsonSchema, DOCUMENT_VALUE);
    },
  }) as JsonSchema;
  return rest;
}

const isZod = (schema: unknown): schema is z.ZodType => typeof schema === 'object' && schema !== null && '_zod' in schema;

/** A name in the document's style: `practice-areas` → `PracticeAreas`. */
export const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, _dash: string, char: string) => char.toUpperCase());
/** A record type's name in the document (News, TeamInput …). */
export const recordSchemaName = (type: RecordType) => pascal(type.name);

const RECORD_META = {
  _id: { type: 'string', pattern: '^[0-9a-f]{24}$' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
  version: { type: 'integer' },
};

/** A saved state of a record (or of the site configuration) in its history. */
const VERSION_ENTRY = {
  type: 'object',
  required: ['version', 'savedAt', 'action', 'summary'],
  properties: {
    version: { type: 'integer' },
    savedAt: { type: 'string', format: 'date-time' },
    savedBy: { type: ['object', 'null'], properties: { _id: { type: 'string' }, email: { type: 'string' } } },
    action: { type: 'string', enum: ['create', 'update', 'delete', 'restore'] },
    summary: { type: 'string', description: 'The fields this save changed, comma-separated' },
    release: { type: 'object', required: ['_id', 'title'], properties: { _id: { type: 'string' }, title: { type: 'string' } }, description: 'The release that made this save' },
  },
};

/** What a record type's answers hold: its fields, the meta fields and what the server adds. */
function recordSchema(type: RecordType): JsonSchema {
  const fields = jsonSchemaOf(type.schema(context), 'output');
  const properties: JsonSchema = { ...RECORD_META, ...(fields.properties as JsonSchema) };
  // A document field as answered: per language a document (or, with format=html|text, a string).
  for (const field of type.documentFields) properties[field] = { type: 'object', additionalProperties: DOCUMENT_VALUE };
  if (type.countsViews) properties.views = { type: 'integer', minimum: 0, readOnly: true };
  if (type.visibilityField) {
    Object.assign(properties, {
      publicState: { type: 'string', enum: [...PUBLIC_STATES], readOnly: true, description: 'In admin reads: what a visitor sees now' },
      hasDraft: { type: 'boolean', readOnly: true, description: 'In admin lists: the record has a working copy' },
      baseVersion: { type: 'integer', readOnly: true, description: 'A working copy: the version it was made on' },
      draftSavedAt: { type: 'string', format: 'date-time', readOnly: true },
      draftVersion: { type: 'integer', readOnly: true, description: 'A working copy’s own version: send it back as draftVersion when saving' },
      draftSavedBy: { type: ['object', 'null'], readOnly: true, properties: { email: { type: 'string' }, name: { type: 'string' } } },
      applyAt: { type: ['string', 'null'], format: 'date-time', readOnly: true, description: 'A working copy with a publishAt still to come: when it is applied' },
    });
  }
  // Every field may be left out of an answer (`fields=`, a translator's read of a confidential record); _id never is.
  return { type: 'object', description: type.label, properties, required: ['_id'], additionalProperties: false };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_ERROR with details), or BAD_REQUEST: malformed JSON, or a body that is not JSON (text/plain, a urlencoded form) where a route reads JSON',
  401: 'No valid token',
  403: 'The role of the signed-in account does not allow this (FORBIDDEN): the operation’s x-permission names the action of the permission table; translators may change only their languages’ texts',
  404: 'No such record or route',
  408: 'An anonymous upload whose body stalled, arrived too slowly or took too long: nothing was kept, send it again (the connection is then closed)',
  409: 'A value another record holds (reason duplicate), a stale version (reason stale_version: details[0] carries current, changedFields and changedBy), an image in use (reason in_use) or the last administrator',
  410: 'A one-time link already used, or expired (GONE): ask the firm for a new one',
  413: 'Body or file too large',
  415: 'Not an accepted image',
  422: 'Publishing refused by the checks (CHECKS_FAILED, reason checks_failed, the list in `checks`): an error in the default language; an administrator may publish anyway with override: { reason }. For a client’s file: it holds a virus (details[0].params.virus)',
  429: 'Too many requests (see Retry-After)',
  502: 'A service outside the site refused what it was asked (BAD_GATEWAY; a machine draft: reason mt_failed, such as a key not accepted or a language it does not translate): nothing was changed',
  503: 'Database unavailable (or, for a client’s files: the virus scanner, or every upload place taken for the wait limit, with Retry-After; nothing was kept; for a machine draft: reason mt_unavailable without MT_PROVIDER, mt_busy when the service is busy or does not answer)',
};

function errorComponents() {
  const detail = {
    type: 'object',
    required: ['path', 'message', 'code'],
    properties: {
      path: { type: 'string', description: 'The field, dotted: title.uz' },
      message: { type: 'string', description: 'In English' },
      code: { type: 'string', enum: [...ISSUE_CODES] },
      params: { type: 'object', description: 'max, min, lang, options… as the code needs', additionalProperties: true },
      current: { type: 'object', additionalProperties: true, description: 'With 409 stale_version: the record as it is now, as the admin reads it (GET …/{id}?admin=true); with 409 copy_changed: the working copy as it is now (GET …/{id}/draft)' },
      changedFields: {
        type: 'array',
        items: { type: 'string' },
        description: 'With 409 stale_version: the fields changed since the caller’s version, a multilingual field per language (title.ru); the form shows these side by side',
      },
      changedBy: {
        type: 'object',
        required: ['_id', 'name', 'at'],
        properties: { _id: { type: ['string', 'null'], description: 'null: the schedule saved it' }, name: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
        description: 'With 409 stale_version: who saved the record’s newest version, and when; with 409 copy_changed: who saved the working copy, and when',
      },
    },
  };
  const body = {
    type: 'object',
    required: ['success', 'error', 'code'],
    properties: {
      success: { const: false },
      error: { type: 'string' },
      code: { type: 'string' },
      reason: {
        type: 'string',
        enum: [...CONFLICT_REASONS],
        description:
          'With 409: someone saved first, or the value is taken, or registration_closed (an event or a vacancy no longer takes registrations or applications), or not_public (a channel post of what visitors cannot read), or copy_changed (the working copy was saved by someone else since it was read); with 403: approval_required; with 422: checks_failed; with 502 and 503 of a machine draft: mt_failed, mt_unavailable, mt_busy',
      },
      details: { type: 'array', items: detail },
      usedBy: { type: 'array', items: { type: 'object', additionalProperties: true }, description: 'With 409 in_use: where an image is used' },
      checks: { type: 'array', items: { type: 'object', additionalProperties: true }, description: 'With 422 checks_failed: the errors in the default language that stop publishing' },
      data: { description: 'With 503 from /health and /ready: the state' },
    },
    additionalProperties: false,
  };
  return Object.fromEntries(
    Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
      `E${status}`,
      {
        description,
        content: json(body),
        ...(status === '429' || status === '503' ? { headers: { 'Retry-After': { description: 'Seconds until the request may be made again', schema: { type: 'integer', minimum: 1 } } } } : {}),
      },
    ]),
  );
}

/** The envelope of a JSON answer: `{ success, data, message?, pagination? }`. */
function envelope(data: unknown, paginated: Answer['paginated']) {
  const properties: JsonSchema = { success: { const: true }, data, message: { type: 'string' } };
  if (paginated) {
    properties.pagination = {
      type: 'object',
      required: ['page', 'limit', 'total', 'pages'],
      properties: { page: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' }, pages: { type: 'integer' } },
    };
  }
  return { type: 'object', required: ['success', 'data', ...(paginated === true ? ['pagination'] : [])], properties, additionalProperties: false };
}

/** Fastify's path (`/api/news/:id`, `/api/upload/info/*`) as the document writes it, without the server's /api. */
export const documentPath = (path: string) =>
  path
    .replace(/^\/api(?=\/)/, '')
    .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    .replace(/\/\*$/, '/{path}');

/** Makes the document's components from the schemas the routes name (`named(schema, 'NewsInput')`). */
function schemaWriter(components: Record<string, JsonSchema>) {
  return function write(schema: z.ZodType | JsonSchema | undefined, io: 'input' | 'output'): JsonSchema | undefined {
    if (schema === undefined) return undefined;
    const name = componentName(schema);
    const written = () => (isZod(schema) ? jsonSchemaOf(schema, io) : schema);
    if (!name) return written();
    components[name] ??= written();
    return ref(name);
  };
}

function parametersOf(entry: CatalogEntry, write: ReturnType<typeof schemaWriter>) {
  const parameters: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', entry.params],
    ['query', entry.query],
  ] as const) {
    if (!schema) continue;
    const object = write(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = property;
      // Fastify's wildcard (`/upload/info/*`) is the document's {path}.
      parameters.push({ name: where === 'path' && name === '*' ? 'path' : name, in: where, required: where === 'path' || (object.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  return parameters;
}

function answerOf(answer: Answer, write: ReturnType<typeof schemaWriter>, headers: RouteDeclaration['headers']) {
  const schema = write(answer.data, 'output');
  const described = headers ? { headers: Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) } : {};
  if (answer.contentType) return { description: answer.description, ...described, content: { [answer.contentType]: { schema: schema ?? { type: 'string' } } } };
  if (answer.data === undefined) return { description: answer.description, ...described };
  return { description: answer.description, ...described, content: json(envelope(schema, answer.paginated)) };
}

/** Who may call: no token for a public route, else a bearer token, and the action of the permission table it needs. */
const securityOf = (access: Access) => (access === 'public' ? { security: [] } : access === 'signedIn' ? { security: BEARER } : { security: BEARER, 'x-permission': access });

/** One declared route as an operation of the document. */
function operationOf(entry: CatalogEntry, write: ReturnType<typeof schemaWriter>): Operation {
  const parameters = parametersOf(entry, write);
  const body = write(entry.body, 'input');
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(entry.answers)) responses[status] = answerOf(answer, write, entry.headers);
  for (const status of [...entry.errors].sort((a, b) => a - b)) responses[status] = { $ref: `#/components/responses/E${status}` };
  return {
    tags: entry.tags,
    operationId: entry.operationId,
    summary: entry.summary,
    ...(entry.description ? { description: entry.description } : {}),
    ...securityOf(entry.access),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: entry.bodyRequired ?? true, content: { [entry.bodyContentType ?? 'application/json']: { schema: body } } } } : {}),
    responses,
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  System: 'Health and the API’s own description',
  Admin: 'Dashboard figures, activity, the trash',
  Editorial: 'Preview links, redirects, the not-found log, the schedule, reviews and checks',
  Releases: 'Records, languages and channel posts published together, now or at a moment, all or nothing',
  Search: 'The site search',
  Languages: 'Site languages and the translation status',
  Auth: 'Sign-in and administrators',
  Contact: 'Contact requests',
  Alerts:
    'Subscriptions to the legal alerts by e-mail; the pages /subscribe, /subscribe/confirm/{token}, /subscribe/preferences/{token} and /unsubscribe/{token} (POST there is the one-click unsubscribe) are the site’s',
  SiteConfiguration: 'The whole site configuration',
  Uploads: 'Images',
  Editing: 'Who has which record open (the admin lists); each record’s autosave and presence are under its type',
};

/** The whole document, from every route the app declared (`routeCatalog(app)`). */
export function buildOpenApiDocument(catalog: readonly CatalogEntry[]) {
  const schemas: Record<string, JsonSchema> = {};
  const write = schemaWriter(schemas);
  const paths: Paths = {};
  for (const entry of catalog) {
    if (!entry.path.startsWith('/api/')) continue;
    const path = documentPath(entry.path);
    (paths[path] ??= {})[entry.method.toLowerCase()] = operationOf(entry, write);
  }

  const documentSchemas = z.toJSONSchema(
    (() => {
      const registry = z.registry<{ id: string }>();
      for (const [id, schema] of Object.entries(DOCUMENT_SCHEMAS)) registry.add(schema, { id });
      return registry;
    })(),
    { uri: (id) => `#/components/schemas/${id}` },
  ).schemas;
  const withoutIds = (schema: JsonSchema) => {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    return rest;
  };

  const tags = [...new Set(Object.values(paths).flatMap((operations) => Object.values(operations).flatMap((operation) => (operation.tags as string[] | undefined) ?? [])))];
  const typeLabels = Object.fromEntries(RECORD_TYPES.map((type) => [recordSchemaName(type), type.label]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Law firm website API',
      version,
      description:
        'Every answer is an envelope: { success, data, message? } or { success: false, error, code, details?, reason? }. Multilingual fields are objects keyed by language code and are returned whole. An operation’s x-permission names the action of the permission table (domain/access/permissions.ts) it needs.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api' }],
    security: BEARER,
    /** The permission table: each action an operation's x-permission names, and the roles granted it. */
    'x-permissions': PERMISSIONS,
    tags: tags.map((name) => ({ name, description: typeLabels[name] ?? TAG_DESCRIPTIONS[name] ?? name })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token from POST /auth/login' } },
      responses: errorComponents(),
      schemas: {
        ...sharedComponents(),
        RecordMeta: { type: 'object', required: Object.keys(RECORD_META), properties: RECORD_META },
        VersionEntry: VERSION_ENTRY,
        ...Object.fromEntries(Object.entries(documentSchemas).map(([name, schema]) => [name, withoutIds(schema as JsonSchema)])),
        ...Object.fromEntries(RECORD_TYPES.map((type) => [recordSchemaName(type), recordSchema(type)])),
        ...schemas,
      },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
