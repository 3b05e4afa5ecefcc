import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, type UploadResult } from '../../domain/media/media-service.ts';
import { badRequest } from '../../domain/shared/errors.ts';
import { z } from 'zod';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { drainRequest } from '../http/drain.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { ANY_OBJECT, component, NO_DATA } from './route-parts.ts';

const tags = ['Uploads'];
const UPLOAD_RESULT = {
  type: 'object',
  properties: {
    images: {
      type: 'object',
      properties: { large: { type: 'string' }, medium: { type: 'string' }, thumbnail: { type: 'string' }, og: { type: 'string', description: '1200×630 JPEG for link previews' } },
    },
    filename: { type: 'string' },
    size: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    path: { type: 'string' },
  },
};
const DeleteBody = z.strictObject({ imagePath: z.string(), force: z.boolean().default(false) });

export async function uploadRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: MAX_FILES_PER_UPLOAD + 10, fieldSize: 1000 },
  });

  /** Every file of the request in memory first: nothing is stored unless all of them pass. */
  async function receive(request: FastifyRequest, reply: FastifyReply, field: string, many: boolean): Promise<UploadResult[]> {
    if (!request.isMultipart()) throw badRequest(`Send the image as multipart form data in the field "${field}".`);
    const files: Array<{ data: Buffer; name: string }> = [];
    try {
      for await (const part of request.files()) {
        if (part.fieldname !== field) throw badRequest(`Send the image in the field "${field}".`);
        if (!many && files.length === 1) throw badRequest('Send one image only, or use /api/upload/multiple.');
        files.push({ data: await part.toBuffer(), name: part.filename });
      }
    } catch (error) {
      await drainRequest(request.raw, reply);
      throw error;
    }
    if (files.length === 0) throw badRequest(`No image received: send it in the field "${field}".`);
    return services.media.uploadAll(files, actorOf(request));
  }

  route(app, {
    method: 'POST',
    url: '/upload/single',
    operationId: 'uploadImage',
    summary: 'Upload one image (field image; JPEG, PNG, GIF or WebP by content; 5 MB)',
    tags,
    access: 'media.upload',
    body: z.object({ image: z.file() }),
    bodyContentType: 'multipart/form-data',
    answers: { 201: { description: 'Stored in every size', data: UPLOAD_RESULT } },
    errors: [400, 401, 403, 413, 415],
    handler: async (request, reply) => {
      const [result] = await receive(request, reply, 'image', false);
      return reply.status(201).send(ok(result, { message: 'Image uploaded' }));
    },
  });

  route(app, {
    method: 'POST',
    url: '/upload/multiple',
    operationId: 'uploadImages',
    summary: 'Upload up to 10 images (repeated field images), all or none: one refused file stores nothing',
    tags,
    access: 'media.upload',
    body: z.object({ images: z.array(z.file()).max(MAX_FILES_PER_UPLOAD) }),
    bodyContentType: 'multipart/form-data',
    answers: { 201: { description: 'Stored', data: { type: 'array', items: UPLOAD_RESULT } } },
    errors: [400, 401, 403, 413, 415],
    handler: async (request, reply) => {
      const results = await receive(request, reply, 'images', true);
      return reply.status(201).send(ok(results, { message: `${results.length} images uploaded` }));
    },
  });

  route(app, {
    method: 'GET',
    url: '/upload/list',
    operationId: 'listImages',
    summary: 'Every uploaded image, newest first, with where each is used',
    tags,
    access: 'signedIn',
    answers: {
      200: { description: 'The images', data: { type: 'object', properties: { images: { type: 'array', items: { type: 'object', additionalProperties: true, properties: { usedBy: { type: 'array', items: component('ImageUse') } } } }, total: { type: 'integer' } } } },
    },
    errors: [401],
    handler: async () => ok(await services.media.list()),
  });

  route(app, {
    method: 'GET',
    url: '/upload/info/*',
    operationId: 'getImage',
    summary: 'One image by its path or any of its URLs; any name not in the library is a 404',
    tags,
    access: 'signedIn',
    params: z.object({ '*': z.string().describe('e.g. 2026/11/name-abc123') }),
    answers: { 200: { description: 'The image', data: ANY_OBJECT } },
    errors: [401, 404],
    handler: async (request) => ok(await services.media.info((request.params as { '*': string })['*'])),
  });

  route(app, {
    method: 'DELETE',
    url: '/upload/delete',
    operationId: 'deleteImage',
    summary: 'Delete an image and all its sizes; one in use is a 409 naming where (usedBy), unless force is true',
    tags,
    access: 'media.delete',
    body: DeleteBody,
    answers: { 200: { description: 'Deleted', data: NO_DATA } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => {
      const body = (request.body ?? {}) as { imagePath?: unknown; force?: unknown };
      await services.media.remove(body.imagePath, actorOf(request), { force: body.force === true });
      return ok(null, { message: 'Image deleted' });
    },
  });
}
