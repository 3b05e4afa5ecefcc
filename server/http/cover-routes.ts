import type { FastifyInstance } from 'fastify';
import { coverSvg, svgToJpeg } from '../../domain/media/covers.ts';
import { isAppError } from '../../domain/shared/errors.ts';
import { pickText, type Localized } from '../../domain/shared/localized.ts';
import type { AppServices } from '../app-services.ts';
import { failure } from './envelope.ts';

/*
 * The share card of a page without a picture of its own: `/covers/{lang}/{type}/{id}-{version}.jpg`,
 * a 1200×630 JPEG of its title (an article's, or a lawyer's name) drawn in the firm's colours.
 * The version in the address changes with every save, so a card is never stale in a chat app's
 * cache; an old version's address sends to the current one.
 */

const COVERED = ['news', 'blog', 'team'] as const;
type CoveredType = (typeof COVERED)[number];
const FILE = /^([0-9a-f]{24})-(\d{1,9})\.jpg$/;
const KEPT = 64;

const isCovered = (type: string): type is CoveredType => (COVERED as readonly string[]).includes(type);

export async function coverRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  // The most recently drawn cards, so a link shared in a busy chat is drawn once.
  const drawn = new Map<string, Buffer>();
  const notFound = 'Not found: no such page, or it has no card';

  app.route<{ Params: { lang: string; type: string; file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/covers/:lang/:type/:file',
    config: { cache: false },
    handler: async (request, reply) => {
      const { lang, type, file } = request.params;
      const match = FILE.exec(file);
      const languages = await services.languages.list({ admin: false });
      if (!match || !isCovered(type) || !languages.some((language) => language.code.toLowerCase() === lang.toLowerCase())) return reply.status(404).send(failure(notFound, 'NOT_FOUND'));
      const [, id, version] = match;
      const records = services.records[type];
      let record: Record<string, unknown>;
      try {
        record = await services.recordService(records.type).get(id, { admin: false });
      } catch (error) {
        if (isAppError(error) && error.status === 404) return reply.status(404).send(failure(notFound, 'NOT_FOUND'));
        throw error;
      }
      if (String(record.version) !== version) return reply.redirect(`/covers/${lang}/${type}/${id}-${String(record.version)}.jpg`, 301);
      const key = `${lang}/${type}/${file}`;
      let image = drawn.get(key);
      if (!image) {
        const [defaultLanguage, config] = await Promise.all([services.languages.defaultLanguage(), services.siteConfig.get()]);
        const text = (value: unknown) => pickText(value as Localized | string | undefined, lang, defaultLanguage);
        // What the admin lists a record by: its title (a lawyer's name) and the line under it (category, position).
        const { titleField, subtitleField } = records.type.admin;
        image = await svgToJpeg(coverSvg({ title: text(record[titleField]), label: subtitleField ? text(record[subtitleField]) : undefined, firm: text(config.companyName) }));
        drawn.set(key, image);
        if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value ?? key);
      }
      reply.header('content-type', 'image/jpeg').header('content-length', image.length).header('cache-control', 'public, max-age=86400');
      return reply.send(request.method === 'HEAD' ? undefined : image);
    },
  });
}
