import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTooLarge, LINK_EXPIRED, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, type Arriving } from '../../domain/intake/documents.ts';
import { elapsedSince } from '../../domain/contacts/contact-service.ts';
import { uploadLinkMessage } from '../../domain/intake/upload-link-message.ts';
import { LANGUAGE_CODE_PATTERN, pickText } from '../../domain/shared/localized.ts';
import { AppError, badRequest, isAppError, notFound, validationError } from '../../domain/shared/errors.ts';
import { ApplicationSchema } from '../../domain/contacts/contact-schema.ts';
import { z } from 'zod';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { answerAtOnce, drainRequest } from '../http/drain.ts';
import { inUploadPlace } from '../intake/upload-places.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { component, RecordIdParams } from './route-parts.ts';

/*
 * Intake (API-3.md "Intake, secure documents and careers"): the one-time links staff make for a
 * request's documents, the files' list and download, the upload itself (a page's form without
 * JavaScript, or a client's multipart POST) and applications for vacancies with their CV.
 */

const closedVacancy = () => new AppError(409, 'CONFLICT', 'This vacancy is closed: applications are no longer accepted.', { reason: 'registration_closed' });

/** The fields a form may carry beside its files, and their size. */
const FORM_LIMITS = { fileSize: MAX_DOCUMENT_BYTES, files: MAX_DOCUMENTS + 1, fields: 20, fieldSize: 64 * 1024, parts: MAX_DOCUMENTS + 21 };

const tags = ['Contact'];
const INTAKE_FILE = component('IntakeFile');
const UploadLinkBody = z.strictObject({ expiresInDays: z.number().int().min(1).max(30).default(7), send: z.boolean().optional() });
const FileParams = RecordIdParams.extend({ fileId: z.string().regex(/^[0-9a-f]{24}$/).describe('The file') });
const TokenParams = z.object({ token: z.string().describe("The link's token") });
const ClientFilesBody = z.object({ files: z.array(z.file()).max(MAX_DOCUMENTS) });
const ApplicationBody = ApplicationSchema.extend({ cv: z.file() });

interface Received {
  fields: Record<string, string>;
  files: Arriving[];
}

/** A check made from the address alone (the link, the vacancy): its refusal is answered before any of the body is read. */
async function before<T>(request: FastifyRequest, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    answerAtOnce(request.raw);
    throw error;
  }
}

/**
 * An anonymous upload: `admit` (the link or the vacancy found open) first, then — in a place,
 * within the time limits — `admit` again (the link may have been used meanwhile) and `work`, which
 * reads the body. The files that arrived are removed from the staging folder however it ends.
 */
async function anonymousUpload<A, T>(services: AppServices, request: FastifyRequest, reply: FastifyReply, admit: () => Promise<A>, work: (admitted: A, files: Arriving[]) => Promise<T>): Promise<T> {
  await before(request, admit);
  const files: Arriving[] = [];
  try {
    return await inUploadPlace(services.uploadPlaces, request, reply, async () => work(await before(request, admit), files));
  } finally {
    await services.intakeDocuments.discard(files);
  }
}

/**
 * The whole multipart body: its text fields and the files of `fileField` (each at most 25 MB, at
 * most `maxFiles`), each encrypted to the staging folder as it arrives and added to `files`. A
 * refused body is read to its end so the answer arrives.
 */
async function receive(services: AppServices, request: FastifyRequest, reply: FastifyReply, fileField: string, maxFiles: number, files: Arriving[]): Promise<Received> {
  if (!request.isMultipart()) throw badRequest(`Send the form as multipart/form-data, the files in the field "${fileField}".`);
  const fields: Record<string, string> = {};
  const start = files.length;
  // The file being read: a size refused by the parser (in the iterator) is said on it.
  let current = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField) throw badRequest(`Send the files in the field "${fileField}".`);
      // A file input left empty still sends a part without a name or bytes.
      if (!part.filename) {
        await part.toBuffer();
        continue;
      }
      if (files.length - start >= maxFiles) throw validationError([{ path: 'files', message: `Send at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} at a time.`, code: 'too_many', params: { max: maxFiles } }]);
      current = part.filename;
      files.push(await services.intakeDocuments.arrive(part.filename, part.file));
      if (part.file.truncated) throw fileTooLarge(files.length - start - 1, current);
      current = '';
    }
  } catch (error) {
    await drainRequest(request.raw, reply);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(files.length - start, current || 'A file');
    if (code === 'FST_FILES_LIMIT') throw validationError([{ path: 'files', message: `Send at most ${maxFiles} files at a time.`, code: 'too_many', params: { max: maxFiles } }]);
    throw error;
  }
  return { fields, files: files.slice(start) };
}

/** A browser's form (it asks for HTML) is answered by going back to its page; a program gets JSON. */
const wantsPage = (request: FastifyRequest) => /text\/html/.test(String(request.headers.accept ?? ''));

/** What the page says after a refusal: a short code (and the file's name), never the visitor's text. */
function refusalQuery(error: unknown): string {
  if (!isAppError(error)) return 'error=failed';
  const detail = error.details?.[0];
  const name = typeof detail?.params?.name === 'string' ? `&file=${encodeURIComponent(detail.params.name.slice(0, 150))}` : '';
  if (error.status === 429) return 'error=rate';
  if (error.status === 410) return `error=${error.message === LINK_EXPIRED ? 'expired' : 'used'}`;
  if (error.status === 408) return 'error=slow';
  // The places all taken (it says when to try again), or the virus check unreachable.
  if (error.status === 503) return error.retryAfterSeconds ? 'error=busy' : 'error=unavailable';
  if (error.status === 409) return 'error=closed';
  if (detail?.path === 'elapsedMs') return 'error=too_fast';
  if (detail?.params?.virus) return `error=infected${name}`;
  if (detail?.code === 'too_large') return `error=too_large${name}`;
  if (detail?.code === 'too_many') return 'error=too_many';
  if (detail?.path === 'files' || detail?.path === 'cv') return 'error=no_file';
  if (detail?.path.startsWith('files.') || detail?.path.startsWith('cv.')) return `error=wrong_type${name}`;
  if (detail) return `error=field&field=${encodeURIComponent(detail.path.slice(0, 30))}&code=${encodeURIComponent(detail.code)}`;
  return 'error=failed';
}

/** `/ru/upload/…` → `/ru`: where the page the form was on lives; anything that is no language code is no page of ours. */
function languagePrefix(lang: string | undefined): string {
  if (lang === undefined) return '';
  if (!LANGUAGE_CODE_PATTERN.test(lang)) throw notFound('Page');
  return `/${lang}`;
}

export async function intakeRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  await app.register(multipart, { limits: FORM_LIMITS });

  route(app, {
    method: 'POST',
    url: '/contact/:id/upload-link',
    operationId: 'createUploadLink',
    summary:
      "A one-time link to /upload/{token} for this request's documents (up to 10 PDF, DOCX, XLSX, JPEG or PNG files of 25 MB, once), in the request's language; send: true e-mails it to the requester (409 when e-mail is not connected)",
    tags,
    access: 'intake.askUpload',
    params: RecordIdParams,
    body: UploadLinkBody,
    bodyRequired: false,
    answers: { 201: { description: 'The link', data: { type: 'object', properties: { url: { type: 'string', format: 'uri' }, expiresAt: { type: 'string', format: 'date-time' }, sentTo: { type: 'string' } } } } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request, reply) => {
      const contact = await services.contacts.get((request.params as { id: string }).id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      // Refused before a link is made: no link that nobody was sent.
      if (body.send === true && !services.mailer) throw new AppError(409, 'CONFLICT', 'E-mail is not connected on this site: copy the link and send it to the client yourself.');
      const language = String(contact.lang || (await services.languages.defaultLanguage()));
      const link = await services.intakeDocuments.createLink(contact._id, body, language);
      let sentTo: string | undefined;
      if (body.send === true) {
        const site = await services.siteConfig.get();
        const until = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: services.config.timeZone }).format(new Date(link.expiresAt));
        const token = new URL(link.url).pathname.split('/').at(-1) ?? '';
        await services.outbox.enqueue('mail-first', { to: String(contact.email), ...uploadLinkMessage({ site: pickText(site.companyName, language), url: link.url, until }, language), secrets: [token] }, `contacts/${contact._id}`);
        sentTo = String(contact.email);
      }
      await services.activity.record({ entity: 'contacts', action: 'update', id: contact._id, actor: actorOf(request), summary: `upload link for request ${contact._id}${sentTo ? ' e-mailed to the client' : ''}` });
      return reply.status(201).send(ok({ ...link, ...(sentTo ? { sentTo } : {}) }, { message: sentTo ? `The link was e-mailed to ${sentTo}` : 'Copy the link and send it to the client' }));
    },
  });

  route(app, {
    method: 'GET',
    url: '/contact/:id/files',
    operationId: 'listRequestFiles',
    summary: "The request's documents",
    tags,
    access: 'contact.manage',
    params: RecordIdParams,
    answers: { 200: { description: 'Files', data: { type: 'array', items: INTAKE_FILE } } },
    errors: [401, 403, 404],
    handler: async (request) => {
      const contact = await services.contacts.get((request.params as { id: string }).id);
      return ok(await services.intakeDocuments.list(contact._id));
    },
  });

  route(app, {
    method: 'GET',
    url: '/contact/:id/files/:fileId',
    operationId: 'downloadRequestFile',
    summary: 'One document, decrypted, as an attachment (never cached); the download is written in the activity log',
    tags,
    access: 'intake.download',
    params: FileParams,
    answers: { 200: { description: 'The file', contentType: 'application/octet-stream', data: { type: 'string', format: 'binary' } } },
    errors: [401, 403, 404, 503],
    options: { config: { cache: false } },
    handler: async (request, reply) => {
      const { id, fileId } = request.params as { id: string; fileId: string };
      const contact = await services.contacts.get(id);
      const file = await services.intakeDocuments.download(contact._id, fileId, actorOf(request));
      const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  });

  // A client's files through their one-time link (JSON; the page's form posts to intakePageRoutes below).
  route(app, {
    method: 'POST',
    url: '/intake/upload/:token',
    operationId: 'uploadClientDocuments',
    summary:
      'A client sends their documents through a one-time link (no account; the page /upload/{token} posts the same form): multipart, field `files`, up to 10 PDF, DOCX, XLSX, JPEG or PNG files of 25 MB each, checked by their bytes and by ClamAV when connected. All or nothing; a refused file leaves the link usable; 404 for an unknown link and 410 once used or expired, answered before the body is read; 503 with Retry-After while the instance receives too many uploads',
    tags,
    access: 'public',
    params: TokenParams,
    body: ClientFilesBody,
    bodyContentType: 'multipart/form-data',
    answers: { 201: { description: 'Received', data: { type: 'array', items: INTAKE_FILE } } },
    errors: [400, 404, 408, 410, 413, 422, 503],
    handler: async (request, reply) => {
      const received = await uploadThroughLink(services, request as FastifyRequest<{ Params: { token: string } }>, reply);
      return reply.status(201).send(ok(received.files, { message: `${received.files.length} files received` }));
    },
  });

  route(app, {
    method: 'POST',
    url: '/vacancies/:id/applications',
    operationId: 'applyForVacancy',
    summary:
      "Apply for an open vacancy (no account; its page's form posts the same): multipart with name, email, phone, letter, consent (required) and the CV (field `cv`, PDF or DOCX, 25 MB), kept encrypted like a client's documents; lands in the inbox as kind application; 409 registration_closed once the vacancy closed (answered before the body is read); 503 with Retry-After while the instance receives too many uploads",
    tags: ['Vacancies'],
    access: 'public',
    params: RecordIdParams,
    body: ApplicationBody,
    bodyContentType: 'multipart/form-data',
    answers: { 201: { description: 'Received', data: { type: 'object', properties: { _id: { type: 'string' } } } } },
    errors: [400, 404, 408, 409, 413, 422, 429, 503],
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      const created = await apply(services, request, reply, () => openVacancy(() => services.records.vacancies.get(id, { admin: false }), () => services.records.vacancies.get(id, { admin: true })));
      return reply.status(201).send(ok({ _id: created._id }, { message: 'Thank you: your application was received' }));
    },
  });
}

type Vacancy = { _id: string; title: Record<string, string>; closesAt: string; isActive: boolean };

/** The vacancy applied for: a visitor's read, or — once it closed and left the site — a 409 that says so. */
async function openVacancy(read: () => Promise<Vacancy>, readClosed: () => Promise<Vacancy>): Promise<Vacancy> {
  try {
    return await read();
  } catch (error) {
    if (!isAppError(error) || error.status !== 404) throw error;
    const closed = await readClosed().catch(() => undefined);
    if (closed?.isActive && closed.closesAt <= new Date().toISOString()) throw closedVacancy();
    throw error;
  }
}

/** The files sent through a link, once the link was found open: checked, then kept. */
function uploadThroughLink(services: AppServices, request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) {
  const { token } = request.params;
  return anonymousUpload(
    services,
    request,
    reply,
    () => services.intakeDocuments.openLink(token),
    async (_contactId, arrived) => services.intakeDocuments.receive(token, (await receive(services, request, reply, 'files', MAX_DOCUMENTS, arrived)).files),
  );
}

/** An application, once its vacancy was found open: fields and CV checked first; the request and its CV are then kept together. */
function apply(services: AppServices, request: FastifyRequest, reply: FastifyReply, vacancy: () => Promise<Vacancy>, typed?: (fields: Record<string, string>) => void): Promise<{ _id: string }> {
  return anonymousUpload(services, request, reply, vacancy, (open, arrived) => applyNow(services, request, reply, open, arrived, typed));
}

async function applyNow(services: AppServices, request: FastifyRequest, reply: FastifyReply, vacancy: Vacancy, arrived: Arriving[], typed?: (fields: Record<string, string>) => void): Promise<{ _id: string }> {
  const { fields, files } = await receive(services, request, reply, 'cv', 1, arrived);
  typed?.(fields);
  // Closed while the form was being filled in.
  if (vacancy.closesAt <= new Date().toISOString()) throw closedVacancy();
  const prepared = await services.contacts.checkApplication({ ...fields, ...elapsedSince(fields.renderedAt) }, { address: request.ip });
  if (!files.length) throw validationError([{ path: 'cv', message: 'Attach your CV (PDF or Word).', code: 'required' }]);
  const checked = await services.intakeDocuments.check(files, ['pdf', 'docx']).catch((error: unknown) => {
    // The CV's problem is said on the CV field.
    if (isAppError(error) && error.details) throw new AppError(error.status, error.code, error.message, { details: error.details.map((detail) => ({ ...detail, path: detail.path.replace(/^files/, 'cv') })) });
    throw error;
  });
  if ('discarded' in prepared) return prepared;
  const defaultLanguage = await services.languages.defaultLanguage();
  const created = await services.contacts.storeApplication(prepared, { _id: vacancy._id, title: pickText(vacancy.title, defaultLanguage) });
  try {
    await services.intakeDocuments.keep(created._id, checked);
  } catch (error) {
    await services.contacts.remove(created._id).catch(() => {});
    throw error;
  }
  return created;
}

/** The pages' forms, which work without JavaScript: answered by going back to the page with what happened. */
export async function intakePageRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  await app.register(multipart, { limits: FORM_LIMITS });

  const upload = async (request: FastifyRequest<{ Params: { token: string; lang?: string } }>, reply: FastifyReply) => {
    const page = `${languagePrefix(request.params.lang)}/upload/${encodeURIComponent(request.params.token)}`;
    try {
      const received = await uploadThroughLink(services, request, reply);
      if (!wantsPage(request)) return reply.status(201).send(ok(received.files));
      return reply.redirect(`${page}?sent=${received.files.length}`, 303);
    } catch (error) {
      if (!wantsPage(request)) throw error;
      return reply.redirect(`${page}?${refusalQuery(error)}`, 303);
    }
  };
  app.post('/upload/:token', upload);
  app.post('/:lang/upload/:token', upload);

  const application = async (request: FastifyRequest<{ Params: { slug: string; lang?: string } }>, reply: FastifyReply) => {
    const page = `${languagePrefix(request.params.lang)}/careers/${encodeURIComponent(request.params.slug)}`;
    // What was typed, kept for the page when the post is refused (all but the file).
    let typed: Record<string, string> | undefined;
    try {
      const { slug } = request.params;
      await apply(services, request, reply, () => openVacancy(() => services.records.vacancies.getBySlug(slug, { admin: false }), () => services.records.vacancies.getBySlug(slug, { admin: true })), (fields) => (typed = fields));
      if (!wantsPage(request)) return reply.status(201).send(ok(null));
      return reply.redirect(`${page}?applied=1#apply`, 303);
    } catch (error) {
      if (!wantsPage(request)) throw error;
      if (isAppError(error) && error.status === 404) throw notFound('Vacancy');
      const kept = typed ? `&form=${await services.keptForms.keep(typed)}` : '';
      return reply.redirect(`${page}?${refusalQuery(error)}${kept}#apply`, 303);
    }
  };
  app.post('/careers/:slug/apply', application);
  app.post('/:lang/careers/:slug/apply', application);
}
