import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ContactFormSchema, ContactStatusSchema } from '../../domain/contacts/contact-schema.ts';
import { makeCtaSchema } from '../../domain/ctas/cta-schema.ts';
import { makeFeatureSchema } from '../../domain/features/feature-schema.ts';
import { makeHeroSchema } from '../../domain/hero/hero-schema.ts';
import { LanguageSchema } from '../../domain/languages/language-schema.ts';
import { makeNewsSchema } from '../../domain/news/news-schema.ts';
import { makeBlogPostSchema } from '../../domain/blog/blog-schema.ts';
import { makePartnerSchema } from '../../domain/partners/partner-schema.ts';
import { makeServiceSchema } from '../../domain/services/service-schema.ts';
import { makeSiteConfigSchema } from '../../domain/site-config/site-config-schema.ts';
import { makeStatSchema } from '../../domain/stats/stat-schema.ts';
import { makeTeamMemberSchema } from '../../domain/team/team-schema.ts';
import { makeTestimonialSchema } from '../../domain/testimonials/testimonial-schema.ts';
import { ChangePasswordSchema, LoginInputSchema, NewUserSchema } from '../../domain/users/user-schema.ts';

/*
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests (and the
 * admin forms), so the document cannot drift from what the server accepts.
 */

const context = { defaultLanguage: 'uz' };
const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

type Operation = Record<string, unknown>;
const bearer = [{ bearer: [] }];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const success = (data: unknown, extra: Record<string, unknown> = {}) =>
  json({ type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data, message: { type: 'string' }, ...extra } });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [String(status), { $ref: `#/components/responses/E${status}` }]));
const parameter = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }, where = 'query') => ({ name, in: where, description, schema, required: where === 'path' });
const lang = parameter('lang', 'Language for search, category filters and fallback (default uz)');
const admin = parameter('admin', 'true: include inactive records and drafts (needs a token)', { enum: ['true'] });
const page = parameter('page', 'Page number, from 1', { type: 'integer', minimum: 1 });
const limit = parameter('limit', 'Page size, at most 100', { type: 'integer', minimum: 1, maximum: 100 });
const idParam = parameter('id', '24 hexadecimal characters', { type: 'string', pattern: '^[0-9a-f]{24}$' }, 'path');
const pagination = { pagination: { type: 'object', properties: { page: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' }, pages: { type: 'integer' } } } };

interface Resource {
  path: string;
  tag: string;
  schema: string;
  filters: ReturnType<typeof parameter>[];
  paginated?: boolean;
  bySlug?: boolean;
}

const RESOURCES: Resource[] = [
  { path: '/team', tag: 'Team', schema: 'TeamMemberInput', filters: [lang, admin, parameter('search', 'Name, position or e-mail')] },
  { path: '/news', tag: 'News', schema: 'NewsInput', paginated: true, bySlug: true, filters: [lang, admin, page, limit, parameter('category', 'Category in lang'), parameter('featured', 'true or false'), parameter('search', 'Title, excerpt, content or tags'), parameter('status', 'published or draft (admin)')] },
  { path: '/blog', tag: 'Blog', schema: 'BlogPostInput', paginated: true, bySlug: true, filters: [lang, admin, page, limit, parameter('category', 'Category in lang'), parameter('featured', 'true or false'), parameter('tag', 'A tag in any language'), parameter('search', 'Title, excerpt, content or tags'), parameter('status', 'published or draft (admin)')] },
  { path: '/partners', tag: 'Partners', schema: 'PartnerInput', filters: [lang, admin, parameter('type', 'Partner type in lang'), parameter('partnershipType', 'strategic, referral, affiliate or collaboration')] },
  { path: '/hero', tag: 'Hero', schema: 'HeroInput', filters: [lang, admin] },
  { path: '/services', tag: 'Services', schema: 'ServiceInput', bySlug: true, filters: [lang, admin, parameter('category', 'Service category'), parameter('featured', 'true or false')] },
  { path: '/stats', tag: 'Stats', schema: 'StatInput', filters: [lang, admin, parameter('category', 'Stat category')] },
  { path: '/features', tag: 'Features', schema: 'FeatureInput', filters: [lang, admin, parameter('category', 'Feature category'), parameter('featured', 'true or false')] },
  { path: '/testimonials', tag: 'Testimonials', schema: 'TestimonialInput', filters: [lang, admin, parameter('featured', 'true or false'), parameter('service', 'Service it concerns')] },
  { path: '/ctas', tag: 'CTAs', schema: 'CtaInput', filters: [lang, admin, parameter('category', 'home, services, contact or footer')] },
];

const record = (schema: string) => ({ allOf: [ref(schema), ref('RecordMeta')] });

function resourcePaths(resource: Resource): Record<string, Record<string, Operation>> {
  const { path, tag, schema } = resource;
  const one = record(schema);
  const paths: Record<string, Record<string, Operation>> = {
    [path]: {
      get: { tags: [tag], summary: `List ${tag.toLowerCase()}`, parameters: resource.filters, responses: { 200: { description: 'The records', content: success({ type: 'array', items: one }, resource.paginated ? pagination : {}) }, ...errors(400, 401) } },
      post: { tags: [tag], summary: 'Create', security: bearer, requestBody: { required: true, content: json(ref(schema)) }, responses: { 201: { description: 'Created', content: success(one) }, ...errors(400, 401, 409, 413) } },
    },
    [`${path}/{id}`]: {
      get: { tags: [tag], summary: 'Read one', parameters: [idParam, lang, admin], responses: { 200: { description: 'The record', content: success(one) }, ...errors(401, 404) } },
      put: { tags: [tag], summary: 'Update (shallow merge; send version to refuse a stale save)', security: bearer, parameters: [idParam], requestBody: { required: true, content: json({ allOf: [ref(schema), { type: 'object', properties: { version: { type: 'integer' } } }] }) }, responses: { 200: { description: 'Updated', content: success(one) }, ...errors(400, 401, 404, 409) } },
      delete: { tags: [tag], summary: 'Delete', security: bearer, parameters: [idParam], responses: { 200: { description: 'Deleted', content: success({ type: 'null' }) }, ...errors(401, 404) } },
    },
  };
  if (resource.bySlug) {
    paths[`${path}/slug/{slug}`] = { get: { tags: [tag], summary: 'Read one by slug', parameters: [parameter('slug', 'URL slug', { type: 'string' }, 'path'), lang], responses: { 200: { description: 'The record', content: success(one) }, ...errors(404) } } };
  }
  return paths;
}

const stringList = (tag: string, summary: string) => ({ get: { tags: [tag], summary, parameters: [lang], responses: { 200: { description: 'Sorted texts', content: success({ type: 'array', items: { type: 'string' } }) } } } });
const uploadResult = { type: 'object', properties: { images: { type: 'object', properties: { large: { type: 'string' }, medium: { type: 'string' }, thumbnail: { type: 'string' }, og: { type: 'string', description: '1200×630 JPEG for link previews' } } }, filename: { type: 'string' }, size: { type: 'integer' }, width: { type: 'integer' }, height: { type: 'integer' }, path: { type: 'string' } } };

export function buildOpenApiDocument() {
  const errorBody = { type: 'object', required: ['success', 'error', 'code'], properties: { success: { const: false }, error: { type: 'string' }, code: { type: 'string' }, details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } } } };
  const errorResponses: Record<string, string> = { 400: 'Invalid input (VALIDATION_ERROR with details, or BAD_REQUEST)', 401: 'No valid token', 404: 'No such record or route', 409: 'Duplicate value or stale version', 413: 'Body or file too large', 415: 'Not an accepted image', 429: 'Too many requests (see Retry-After)', 503: 'Database unavailable' };
  return {
    openapi: '3.1.0',
    info: { title: 'Law firm website API', version, description: 'Every answer is an envelope: { success, data, message? } or { success: false, error, code, details? }. Multilingual fields are objects keyed by language code and are returned whole.' },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token from POST /auth/login' } },
      responses: Object.fromEntries(Object.entries(errorResponses).map(([status, description]) => [`E${status}`, { description, content: json(errorBody) }])),
      schemas: {
        RecordMeta: { type: 'object', properties: { _id: { type: 'string', pattern: '^[0-9a-f]{24}$' }, createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' }, version: { type: 'integer' } } },
        TeamMemberInput: jsonSchema(makeTeamMemberSchema(context)),
        NewsInput: jsonSchema(makeNewsSchema(context)),
        BlogPostInput: jsonSchema(makeBlogPostSchema(context)),
        PartnerInput: jsonSchema(makePartnerSchema(context)),
        HeroInput: jsonSchema(makeHeroSchema(context)),
        ServiceInput: jsonSchema(makeServiceSchema(context)),
        StatInput: jsonSchema(makeStatSchema(context)),
        FeatureInput: jsonSchema(makeFeatureSchema(context)),
        TestimonialInput: jsonSchema(makeTestimonialSchema(context)),
        CtaInput: jsonSchema(makeCtaSchema(context)),
        LanguageInput: jsonSchema(LanguageSchema),
        SiteConfig: jsonSchema(makeSiteConfigSchema(context)),
        ContactForm: jsonSchema(ContactFormSchema),
        ContactStatus: jsonSchema(ContactStatusSchema),
        Login: jsonSchema(LoginInputSchema),
        NewUser: jsonSchema(NewUserSchema),
        ChangePassword: jsonSchema(ChangePasswordSchema),
      },
    },
    paths: {
      '/health': { get: { tags: ['System'], summary: 'Health of the app and its database', responses: { 200: { description: 'Healthy', content: success({ type: 'object', properties: { status: { const: 'ok' }, database: { const: 'ok' }, version: { type: 'string' }, uptime: { type: 'integer' } } }) }, ...errors(503) } } },
      '/auth/login': { post: { tags: ['Auth'], summary: 'Sign in', requestBody: { required: true, content: json(ref('Login')) }, responses: { 200: { description: 'A bearer token', content: success({ type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string' }, user: { type: 'object' } } }) }, ...errors(400, 401, 429) } } },
      '/auth/logout': { post: { tags: ['Auth'], summary: 'Revoke the token', security: bearer, responses: { 200: { description: 'Signed out' }, ...errors(401) } } },
      '/auth/me': { get: { tags: ['Auth'], summary: 'The signed-in administrator', security: bearer, responses: { 200: { description: 'The user' }, ...errors(401) } } },
      '/auth/users': {
        get: { tags: ['Auth'], summary: 'List administrators', security: bearer, responses: { 200: { description: 'Administrators' }, ...errors(401) } },
        post: { tags: ['Auth'], summary: 'Add an administrator', security: bearer, requestBody: { required: true, content: json(ref('NewUser')) }, responses: { 201: { description: 'Added' }, ...errors(400, 401, 409) } },
      },
      '/auth/users/{id}': { delete: { tags: ['Auth'], summary: 'Remove an administrator (not yourself)', security: bearer, parameters: [idParam], responses: { 200: { description: 'Removed' }, ...errors(400, 401, 404) } } },
      '/auth/password': { put: { tags: ['Auth'], summary: 'Change your own password (signs you out everywhere)', security: bearer, requestBody: { required: true, content: json(ref('ChangePassword')) }, responses: { 200: { description: 'Changed' }, ...errors(400, 401) } } },
      ...Object.assign({}, ...RESOURCES.map(resourcePaths)),
      '/news/categories': stringList('News', 'Distinct categories in lang'),
      '/blog/categories': stringList('Blog', 'Distinct categories in lang'),
      '/blog/tags': stringList('Blog', 'Distinct tags in lang'),
      '/blog/search': { get: { tags: ['Blog'], summary: 'Search published posts', parameters: [parameter('q', 'Text to find (any language, any case)'), lang, page, limit], responses: { 200: { description: 'Matching posts', content: success({ type: 'array', items: record('BlogPostInput') }, pagination) }, ...errors(400) } } },
      '/partners/types': stringList('Partners', 'Distinct partner types in lang'),
      '/partners/partnership-types': { get: { tags: ['Partners'], summary: 'The four partnership types', responses: { 200: { description: 'strategic, referral, affiliate, collaboration', content: success({ type: 'array', items: { type: 'string' } }) } } } },
      '/contact': {
        post: { tags: ['Contact'], summary: 'Send a contact request (stored with status new; 5 per 10 minutes per address)', requestBody: { required: true, content: json(ref('ContactForm')) }, responses: { 201: { description: 'Stored', content: success({ type: 'object', properties: { _id: { type: 'string' } } }) }, ...errors(400, 429) } },
        get: { tags: ['Contact'], summary: 'List contact requests, newest first', security: bearer, parameters: [page, limit, parameter('status', 'new, read, replied or closed'), parameter('search', 'Name, e-mail, subject or message')], responses: { 200: { description: 'Requests', content: success({ type: 'array' }, pagination) }, ...errors(401) } },
      },
      '/contact/counts': { get: { tags: ['Contact'], summary: 'Number of requests per status', security: bearer, responses: { 200: { description: 'Counts' }, ...errors(401) } } },
      '/contact/{id}': {
        get: { tags: ['Contact'], summary: 'Read one request', security: bearer, parameters: [idParam], responses: { 200: { description: 'The request' }, ...errors(401, 404) } },
        put: { tags: ['Contact'], summary: 'Set the status', security: bearer, parameters: [idParam], requestBody: { required: true, content: json(ref('ContactStatus')) }, responses: { 200: { description: 'Updated' }, ...errors(400, 401, 404) } },
        delete: { tags: ['Contact'], summary: 'Delete', security: bearer, parameters: [idParam], responses: { 200: { description: 'Deleted' }, ...errors(401, 404) } },
      },
      '/languages': {
        get: { tags: ['Languages'], summary: 'Languages by order (active ones for visitors)', parameters: [parameter('active', 'true: active only', { enum: ['true', 'false'] })], responses: { 200: { description: 'Languages', content: success({ type: 'array', items: { allOf: [ref('LanguageInput'), ref('RecordMeta')] } }) } } },
        post: { tags: ['Languages'], summary: 'Add a language', security: bearer, requestBody: { required: true, content: json(ref('LanguageInput')) }, responses: { 201: { description: 'Created' }, ...errors(400, 401, 409) } },
      },
      '/languages/{id}': {
        get: { tags: ['Languages'], summary: 'Read one', parameters: [idParam], responses: { 200: { description: 'The language' }, ...errors(404) } },
        put: { tags: ['Languages'], summary: 'Update (the code cannot change; isDefault clears it on the others)', security: bearer, parameters: [idParam], requestBody: { required: true, content: json(ref('LanguageInput')) }, responses: { 200: { description: 'Updated' }, ...errors(400, 401, 404, 409) } },
        delete: { tags: ['Languages'], summary: 'Delete (not the default language)', security: bearer, parameters: [idParam], responses: { 200: { description: 'Deleted' }, ...errors(400, 401, 404) } },
      },
      '/site-config': {
        get: { tags: ['Site configuration'], summary: 'The whole configuration with defaults filled in', responses: { 200: { description: 'Configuration', content: success(ref('SiteConfig')) } } },
        put: { tags: ['Site configuration'], summary: 'Replace the configuration', security: bearer, requestBody: { required: true, content: json(ref('SiteConfig')) }, responses: { 200: { description: 'Saved', content: success(ref('SiteConfig')) }, ...errors(400, 401, 409) } },
      },
      '/upload/single': { post: { tags: ['Uploads'], summary: 'Upload one image (field image; JPEG, PNG, GIF or WebP by content; 5 MB)', security: bearer, requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } } } } } }, responses: { 201: { description: 'Stored in every size', content: success(uploadResult) }, ...errors(400, 401, 413, 415) } } },
      '/upload/multiple': { post: { tags: ['Uploads'], summary: 'Upload up to 10 images (repeated field images)', security: bearer, requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { images: { type: 'array', items: { type: 'string', format: 'binary' } } } } } } }, responses: { 201: { description: 'Stored', content: success({ type: 'array', items: uploadResult }) }, ...errors(400, 401, 413, 415) } } },
      '/upload/list': { get: { tags: ['Uploads'], summary: 'Every uploaded image, newest first', security: bearer, responses: { 200: { description: '{ images, total }' }, ...errors(401) } } },
      '/upload/info/{path}': { get: { tags: ['Uploads'], summary: 'One image by its path or any of its URLs', security: bearer, parameters: [parameter('path', 'e.g. 2026/11/name-abc123', { type: 'string' }, 'path')], responses: { 200: { description: 'The image' }, ...errors(400, 401, 404) } } },
      '/upload/delete': { delete: { tags: ['Uploads'], summary: 'Delete an image and all its sizes', security: bearer, requestBody: { required: true, content: json({ type: 'object', required: ['imagePath'], properties: { imagePath: { type: 'string' } } }) }, responses: { 200: { description: 'Deleted' }, ...errors(400, 401, 404) } } },
      '/admin/activity': { get: { tags: ['Admin'], summary: 'Latest admin writes (who, what, when)', security: bearer, parameters: [limit], responses: { 200: { description: 'Entries' }, ...errors(401) } } },
      '/admin/analytics': { get: { tags: ['Admin'], summary: 'Article views and contact requests by status and week', security: bearer, responses: { 200: { description: 'Figures' }, ...errors(401) } } },
    },
  };
}
