import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { can, languagesFor } from '../../domain/access/permissions.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { AppError, badRequest, validationError } from '../../domain/shared/errors.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { createTranslationMemory } from '../../domain/translation/memory.ts';
import { importXliff } from '../../domain/translation/xliff-import.ts';
import { MAX_XLIFF_BYTES, translatableFields, xliffFile, type XliffRecord } from '../../domain/translation/xliff.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { drainRequest } from '../http/drain.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { parseQuery } from '../http/query.ts';
import { RecordIdParams } from './route-parts.ts';

/** The types an agency translates: those with multilingual texts and working copies. */
const XLIFF_TYPES = RECORD_TYPES.filter((type) => translatableFields(type).length > 0 && type.visibilityField);
const tags = ['Translation desk'];
const LANG = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'A language code such as uz, ru or uz-Cyrl' });
const PAIR = z.object({ from: LANG.describe('The source language'), to: LANG.describe('The target language') });
const MEMORY_QUERY = PAIR.extend({ text: z.string({ error: 'text is the source text to look up' }).min(1).max(5000).describe('The source text (a block or a sentence)') });
const XLIFF_ANSWER = { description: 'An XLIFF 2.1 file (OASIS; valid against the XLIFF 2.0 core schema)', contentType: 'application/xliff+xml', data: { type: 'string' } };

const PROBLEM = z.object({
  file: z.string().describe('The record: type/id'),
  unit: z.string().describe('The unit’s id: a field, or field.block'),
  path: z.string().optional().describe('Where in the record (JSON path with the language)'),
  code: z.string().optional(),
  message: z.string(),
});
const IMPORT_ANSWER = z.object({
  applied: z.number().int().describe('Units put into working copies'),
  records: z.array(z.object({ type: z.string(), id: z.string() })).describe('The records whose working copy was saved'),
  stale: z.array(PROBLEM).describe('Units whose source changed since the export: not applied'),
  invalid: z.array(PROBLEM).describe('Units whose target breaks the document rules: not applied'),
});
const MATCH = z.object({
  source: z.string(),
  target: z.string(),
  score: z.number().int().min(70).max(100),
  record: z.object({ type: z.string(), id: z.string() }),
  updatedAt: z.string(),
  block: z.record(z.string(), z.unknown()).optional().describe('The target block as stored (links by reference kept), to insert into a document'),
});

/** XLIFF export and import, and the translation memory (API-4.md "The translation desk"). */
export async function xliffRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  await app.register(multipart, { limits: { fileSize: MAX_XLIFF_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 } });
  const serviceOf = (type: RecordType) => services.recordService(type) as unknown as RecordService;
  const memory = createTranslationMemory({ types: XLIFF_TYPES, serviceOf });

  /** The languages asked for, both active and not the same; a 400 naming the one that is not. */
  async function pair(query: { from: string; to: string }) {
    const active = (await services.languages.list({ admin: true })).filter((language) => language.isActive).map((language) => String(language.code));
    for (const name of ['from', 'to'] as const) {
      if (!active.includes(query[name])) throw validationError([{ path: name, message: `${name} must be one of the site's active languages: ${active.join(', ')}`, code: 'one_of', params: { options: active.join(', ') } }]);
    }
    if (query.from === query.to) throw validationError([{ path: 'to', message: 'to must be another language than from', code: 'invalid' }]);
  }

  /** A record's texts as they are edited: its working copy when it has one, else the record. */
  async function current(type: RecordType, id: string): Promise<Record<string, unknown> | undefined> {
    const service = serviceOf(type);
    if ((await service.draftIds()).has(id)) return (await service.draft(id)) as unknown as Record<string, unknown>;
    return (await service.get(id, { admin: true }).catch(() => undefined)) as unknown as Record<string, unknown> | undefined;
  }

  const sendFile = (reply: Parameters<Parameters<typeof route>[1]['handler']>[1], name: string, body: string) =>
    reply.type('application/xliff+xml; charset=utf-8').header('content-disposition', `attachment; filename="${name}.xlf"`).header('cache-control', 'no-store').send(body);

  /** An export's language pair (two of the site's active languages) and the id it names. */
  const exportAsked = async (request: FastifyRequest) => {
    const { from, to } = parseQuery(request.query, PAIR);
    await pair({ from, to });
    return { from, to, id: (request.params as { id: string }).id };
  };

  for (const type of XLIFF_TYPES) {
    route(app, {
      method: 'GET',
      url: `/${type.name}/:id/xliff`,
      operationId: `export${type.name[0].toUpperCase()}${type.name.slice(1)}Xliff`,
      summary: `The texts of one ${type.label.toLowerCase()} (its working copy when it has one) as an XLIFF 2.1 file for a translation agency`,
      description: 'One unit per short field or document block; bold, italic, links (by reference too) and footnotes as inline codes; each unit carries its source’s hash (note category="hash"), so a target whose source changed since is reported stale at import.',
      tags,
      access: 'content.read',
      params: RecordIdParams,
      query: PAIR,
      answers: { 200: XLIFF_ANSWER },
      errors: [400, 401, 403, 404, 422],
      handler: async (request, reply) => {
        const { from, to, id } = await exportAsked(request);
        const values = await current(type, id);
        if (!values) throw new AppError(404, 'NOT_FOUND', `${type.label} not found`);
        return sendFile(reply, `${type.name}-${id}-${from}-${to}`, xliffFile([{ type, id, values }], from, to));
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/releases/:id/xliff',
    operationId: 'exportReleaseXliff',
    summary: 'The texts of every record a release publishes as one XLIFF 2.1 file (one <file> per record)',
    tags,
    access: 'content.read',
    params: z.object({ id: z.string().max(100) }),
    query: PAIR,
    answers: { 200: XLIFF_ANSWER },
    errors: [400, 401, 403, 404, 422],
    handler: async (request, reply) => {
      const { from, to, id } = await exportAsked(request);
      const release = await services.releases.get(id);
      const records: XliffRecord[] = [];
      for (const item of release.items.filter((entry) => entry.action === 'publish')) {
        const type = XLIFF_TYPES.find((known) => known.name === item.type);
        const values = type && (await current(type, item.id));
        if (type && values) records.push({ type, id: item.id, values });
      }
      return sendFile(reply, `release-${id}-${from}-${to}`, xliffFile(records, from, to));
    },
  });

  route(app, {
    method: 'POST',
    url: '/xliff',
    operationId: 'importXliff',
    summary: 'An XLIFF file back from the agency: its targets go into the records’ working copies (never onto live records)',
    description: `Multipart, field \`file\` (at most ${MAX_XLIFF_BYTES / 1024 / 1024} MB, UTF-8 XML; a DOCTYPE or entity declaration is refused). A translator only for their languages. Units whose source changed since the export are stale and not applied; targets breaking the document rules are invalid, with their path.`,
    tags,
    access: 'record.edit',
    body: z.object({ file: z.file() }),
    bodyContentType: 'multipart/form-data',
    answers: { 200: { description: 'What was applied, what was stale, what was invalid', data: IMPORT_ANSWER } },
    errors: [400, 401, 403, 413, 415],
    handler: async (request, reply) => {
      const bytes = await receive(request, reply);
      const onlyLanguages = languagesOf(request);
      const result = await importXliff({ types: XLIFF_TYPES, serviceOf, current }, bytes, actorOf(request), onlyLanguages, async (from, to) => {
        await pair({ from, to }).catch((error: unknown) => {
          throw error instanceof AppError ? badRequest(`The file's languages (${from} → ${to}) are not two of the site's active languages`) : error;
        });
        if (!can(request.user, 'record.edit', { language: to })) throw new AppError(403, 'FORBIDDEN', `You may not change the ${to.toUpperCase()} texts: ask an editor, or an administrator to add the language to your account.`);
      });
      const { srcLang: _from, trgLang: _to, ...data } = result;
      return ok(data, { message: `${data.applied} units put into working copies; ${data.stale.length} stale, ${data.invalid.length} invalid` });
    },
  });

  route(app, {
    method: 'GET',
    url: '/translation-memory',
    operationId: 'searchTranslationMemory',
    summary: 'Translations the site already has of a text: 100 for the same text, fuzzy matches from 70, at most 10',
    description: 'From the aligned short fields, document blocks and sentences of the site’s own records in both languages. Case and spaces do not count; Uzbek matches in either script.',
    tags,
    access: 'signedIn',
    query: MEMORY_QUERY,
    answers: { 200: { description: 'The matches, best first', data: z.array(MATCH) } },
    errors: [400, 401],
    handler: async (request) => {
      const { from, to, text } = parseQuery(request.query, MEMORY_QUERY);
      await pair({ from, to });
      return ok(await memory.search(from, to, text));
    },
  });
}

/** The languages a translator may change (undefined: all). */
function languagesOf(request: FastifyRequest): string[] | undefined {
  const languages = languagesFor(request.user, 'record.edit');
  return languages === 'all' ? undefined : [...languages];
}

/** The uploaded file's bytes, from the field `file`. */
async function receive(request: FastifyRequest, reply: Parameters<typeof drainRequest>[1]): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the XLIFF file as multipart form data in the field "file".');
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file' || bytes) throw badRequest('Send one XLIFF file in the field "file".');
      bytes = await part.toBuffer();
    }
  } catch (error) {
    await drainRequest(request.raw, reply);
    throw error;
  }
  if (!bytes?.length) throw badRequest('No file received: send the XLIFF file in the field "file".');
  return bytes;
}
