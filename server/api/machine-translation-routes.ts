import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can, languagesFor } from '../../domain/access/permissions.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { AppError } from '../../domain/shared/errors.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import { MACHINE_CONFIRM_BODY, MACHINE_TRANSLATE_BODY, machineDraft, mtUnavailable, textFingerprint, translatableFields } from '../../domain/translation/machine-drafts.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { named, route } from '../http/route.ts';
import { recordSchemaName } from './openapi.ts';
import { RecordIdParams } from './route-parts.ts';

/*
 * Machine drafts (API-4.md "The translation desk"): for every record type with multilingual texts,
 * a draft of one language from the translation service (POST …/machine-translate), the texts still
 * as the service wrote them (GET), and a person's confirmation of them (POST …/confirm).
 */

const mark = z.object({ field: z.string(), lang: z.string(), provider: z.string().describe('deepl, google or yandex'), madeAt: z.string().describe('When the service wrote it (ISO 8601)') });
const marksAnswer = named(
  z.object({
    provider: z.string().nullable().describe('The translation service this site sends drafts to (its name, "DeepL"); null: none (MT_PROVIDER unset), and no draft is offered'),
    marks: z.array(mark).describe('The texts, field and language, still as the service wrote them (an edit or a confirmation ends it): in the working copy when there is one'),
  }),
  'MachineMarks',
);
const draftAnswer = named(
  z.object({
    into: z.enum(['workingCopy', 'record']).describe('Where the texts went: the working copy of a public record, or the record itself when it is not public'),
    fields: z.array(z.string()).describe('The fields written (none: nothing was empty, and the service was not asked)'),
    lang: z.string(),
    provider: z.string(),
  }),
  'MachineDraft',
);

export async function machineTranslationRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  for (const type of RECORD_TYPES) if (translatableFields(type).length) register(app, type, services.recordService(type), services);
}

function register(app: FastifyInstance, type: RecordType, service: RecordService, services: AppServices) {
  const path = `/${type.name}/:id/machine-translate`;
  const name = recordSchemaName(type);
  const label = type.label.toLowerCase();
  const { machineTranslation } = services;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  /** The record as the form reads it: its working copy when it has one (and whether it does). */
  const current = async (id: string): Promise<{ values: Record<string, unknown>; copy: boolean }> => {
    const record = (await service.get(id, { admin: true })) as Record<string, unknown>;
    const copy = type.visibilityField ? ((await service.draft(id).catch(() => undefined)) as Record<string, unknown> | undefined) : undefined;
    return { values: copy ?? record, copy: Boolean(copy) || Boolean(type.visibilityField && record[type.visibilityField] === true) };
  };

  route(app, {
    method: 'GET',
    url: path,
    operationId: `get${name}MachineMarks`,
    summary: `Which texts of this ${label} a translation service wrote and nobody confirmed yet, and whether drafts are offered`,
    tags: [name],
    access: 'content.read',
    params: RecordIdParams,
    answers: { 200: { description: 'The machine-made texts', data: marksAnswer } },
    errors: [401, 403, 404],
    handler: async (request) => {
      const { values } = await current(idOf(request));
      return ok({ provider: machineTranslation.translator?.name ?? null, marks: await machineTranslation.marks.unconfirmed(type.name, idOf(request), values) });
    },
  });

  route(app, {
    method: 'POST',
    url: path,
    operationId: `machineTranslate${name}`,
    summary: `Fill the ${label}’s texts of language \`to\` from \`from\` through the translation service (MT_PROVIDER), marked machine-made until a person confirms or edits them`,
    description:
      'Without fields: every text empty in `to` (at any depth) is translated; with fields: those fields are translated over what they hold. A public record’s texts go into its working copy (never onto the live page); a record not yet public is saved with them. Documents keep their blocks, marks, links and footnotes; the site’s “do not translate” terms are sent protected. Uzbek in Cyrillic is translated as Latin and transliterated. Sent to the service: only these texts, never a confidential field. 503 mt_unavailable without MT_PROVIDER; 503 mt_busy when the service is busy or does not answer (429 and 5xx are tried again twice first); 502 mt_failed when it refuses (a key not accepted, a language it does not translate).',
    tags: [name],
    access: 'record.machineTranslate',
    resource: (request) => ({ language: parseOrThrow(MACHINE_TRANSLATE_BODY, request.body ?? {}).to }),
    params: RecordIdParams,
    body: MACHINE_TRANSLATE_BODY,
    answers: { 200: { description: 'The draft, saved', data: draftAnswer } },
    errors: [400, 401, 403, 404, 409, 502, 503],
    handler: async (request) => {
      const { translator } = machineTranslation;
      if (!translator) throw mtUnavailable();
      const body = parseOrThrow(MACHINE_TRANSLATE_BODY, request.body ?? {});
      const id = idOf(request);
      const { values, copy } = await current(id);
      const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
      const { patch, fields } = await machineDraft(translator, { type, current: values, languages }, body, await machineTranslation.doNotTranslate());
      const into = copy ? 'workingCopy' : 'record';
      if (!fields.length) return ok({ into, fields, lang: body.to, provider: translator.provider }, { message: 'Nothing to translate: every text is written already' });
      const only = languagesFor(request.user, 'record.edit');
      const options = { onlyLanguages: only === 'all' ? undefined : [...only] };
      const saved = (copy ? await service.saveDraft(id, patch, actorOf(request), options) : await service.update(id, { ...patch, version: Number(values.version) }, actorOf(request), options)) as Record<string, unknown>;
      await machineTranslation.marks.put(type.name, id, fields.map((field) => ({ field, lang: body.to, fingerprint: textFingerprint(saved[field], body.to) })), translator.provider);
      return ok({ into, fields, lang: body.to, provider: translator.provider }, { message: `Machine draft by ${translator.name}: read and confirm each text before publishing` });
    },
  });

  route(app, {
    method: 'POST',
    url: `${path}/confirm`,
    operationId: `confirm${name}MachineText`,
    summary: `A person read the machine-made texts of a language of this ${label} (all, or those of fields): they count as the firm’s own`,
    description: 'Editing a text ends its machine mark too. Answers the marks left.',
    tags: [name],
    access: 'record.edit',
    resource: (request) => {
      const { lang } = parseOrThrow(MACHINE_CONFIRM_BODY, request.body ?? {});
      if (!can(request.user, 'record.edit', { language: lang })) throw new AppError(403, 'FORBIDDEN', `You cannot confirm texts in ${lang}: only an editor, an administrator or a translator of that language can.`);
      return { language: lang };
    },
    params: RecordIdParams,
    body: MACHINE_CONFIRM_BODY,
    answers: { 200: { description: 'The machine-made texts left', data: marksAnswer } },
    errors: [400, 401, 403, 404],
    handler: async (request) => {
      const body = parseOrThrow(MACHINE_CONFIRM_BODY, request.body ?? {});
      const id = idOf(request);
      const { values } = await current(id);
      await machineTranslation.marks.confirm(type.name, id, body.lang, body.fields);
      return ok({ provider: machineTranslation.translator?.name ?? null, marks: await machineTranslation.marks.unconfirmed(type.name, id, values) }, { message: 'Confirmed' });
    },
  });
}
