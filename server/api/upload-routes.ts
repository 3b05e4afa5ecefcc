import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, type UploadResult } from '../../domain/media/media-service.ts';
import { badRequest } from '../../domain/shared/errors.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, editorsOnly, requireUser } from '../http/auth.ts';
import { drainRequest } from '../http/drain.ts';
import { ok } from '../http/envelope.ts';

export async function uploadRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: MAX_FILES_PER_UPLOAD + 10, fieldSize: 1000 },
  });
  app.addHook('preHandler', requireUser);

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

  app.post('/upload/single', { preHandler: editorsOnly }, async (request, reply) => {
    const [result] = await receive(request, reply, 'image', false);
    return reply.status(201).send(ok(result, { message: 'Image uploaded' }));
  });

  app.post('/upload/multiple', { preHandler: editorsOnly }, async (request, reply) => {
    const results = await receive(request, reply, 'images', true);
    return reply.status(201).send(ok(results, { message: `${results.length} images uploaded` }));
  });

  app.get('/upload/list', async () => ok(await services.media.list()));

  app.get<{ Params: { '*': string } }>('/upload/info/*', async (request) => ok(await services.media.info(request.params['*'])));

  app.delete('/upload/delete', { preHandler: editorsOnly }, async (request) => {
    const body = (request.body ?? {}) as { imagePath?: unknown; force?: unknown };
    await services.media.remove(body.imagePath, actorOf(request), { force: body.force === true });
    return ok(null, { message: 'Image deleted' });
  });
}
