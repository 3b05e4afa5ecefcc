import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, type UploadResult } from '../../domain/media/media-service.ts';
import { badRequest } from '../../domain/shared/errors.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';

export async function uploadRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: MAX_FILES_PER_UPLOAD + 10, fieldSize: 1000 },
  });
  app.addHook('preHandler', requireUser);

  async function receive(request: FastifyRequest, field: string, many: boolean): Promise<UploadResult[]> {
    if (!request.isMultipart()) throw badRequest(`Send the image as multipart form data in the field "${field}".`);
    const results: UploadResult[] = [];
    for await (const part of request.files()) {
      if (part.fieldname !== field) {
        part.file.resume();
        throw badRequest(`Send the image in the field "${field}".`);
      }
      if (!many && results.length === 1) throw badRequest('Send one image only, or use /api/upload/multiple.');
      results.push(await services.media.upload(await part.toBuffer(), part.filename, actorOf(request)));
    }
    if (results.length === 0) throw badRequest(`No image received: send it in the field "${field}".`);
    return results;
  }

  app.post('/upload/single', async (request, reply) => {
    const [result] = await receive(request, 'image', false);
    return reply.status(201).send(ok(result, { message: 'Image uploaded' }));
  });

  app.post('/upload/multiple', async (request, reply) => {
    const results = await receive(request, 'images', true);
    return reply.status(201).send(ok(results, { message: `${results.length} images uploaded` }));
  });

  app.get('/upload/list', async () => ok(await services.media.list()));

  app.get<{ Params: { '*': string } }>('/upload/info/*', async (request) => ok(await services.media.info(request.params['*'])));

  app.delete('/upload/delete', async (request) => {
    const body = (request.body ?? {}) as { imagePath?: unknown };
    await services.media.remove(body.imagePath, actorOf(request));
    return ok(null, { message: 'Image deleted' });
  });
}
