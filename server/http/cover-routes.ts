import { edgeHeaders } from '../edge/edge-purge.ts';
import type { FastifyInstance } from 'fastify';
import { coverSvg, svgToJpeg } from '../../domain/media/covers.ts';
import { isAppError } from '../../domain/shared/errors.ts';
import { pickText, type Localized } from '../../domain/shared/localized.ts';
import type { AppServices } from '../app-services.ts';
import { failure } from './envelope.ts';
import { coveredTypes } from '../../domain/site/site-pages.ts';

/*
 * The share card of a page without a picture of its own: `/covers/{lang}/{type}/{id}-{version}.jpg`,
 * a 1200×630 JPEG of its title (an article's, or a lawyer's name) drawn in the firm's colours.
 * The version in the address changes with every save, so a card is never stale in a chat app's
 * cache; an old version's address sends to the current one.
 */

const FILE = /^([0-9a-f]{24})-(\d{1,9})\.jpg$/;
const KEPT = 64;
/** Cards drawn at once (each is 0.3–0.5 s of one core), and how many may wait for their turn. */
const DRAWING_AT_ONCE = 1;
const WAITING_AT_MOST = 8;
/** Cards not yet drawn that one address may ask for in a window: a chat app asks for one a share. */
const MISSES_PER_CLIENT = 20;
const MISS_WINDOW_MS = 60_000;

/** One draw at a time, the rest in line; a line too long refuses more (503) instead of growing. */
function drawingQueue() {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    if (running >= DRAWING_AT_ONCE) {
      if (waiting.length >= WAITING_AT_MOST) return undefined;
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** Misses per client address in a fixed window; the map is emptied as windows end. */
function missLimiter() {
  const counts = new Map<string, { count: number; until: number }>();
  return (address: string, now = Date.now()): number | undefined => {
    if (counts.size > 10_000) for (const [key, entry] of counts) if (entry.until <= now) counts.delete(key);
    const entry = counts.get(address);
    if (!entry || entry.until <= now) {
      counts.set(address, { count: 1, until: now + MISS_WINDOW_MS });
      return undefined;
    }
    entry.count += 1;
    return entry.count > MISSES_PER_CLIENT ? Math.ceil((entry.until - now) / 1000) : undefined;
  };
}


export async function coverRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  // The most recently drawn cards, so a link shared in a busy chat is drawn once.
  const drawn = new Map<string, Buffer>();
  // A card asked for by many at once is drawn once: the others wait for the same drawing.
  const drawing = new Map<string, Promise<Buffer | undefined>>();
  const queue = drawingQueue();
  const missed = missLimiter();
  const notFound = 'Not found: no such page, or it has no card';

  app.route<{ Params: { lang: string; type: string; file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/covers/:lang/:type/:file',
    config: { cache: false },
    handler: async (request, reply) => {
      const { lang, type, file } = request.params;
      const match = FILE.exec(file);
      const languages = await services.languages.list({ admin: false });
      const language = languages.find((candidate) => candidate.code.toLowerCase() === lang.toLowerCase());
      const covered = coveredTypes().find((candidate) => candidate.name === type);
      if (!match || !covered || !language) return reply.status(404).send(failure(notFound, 'NOT_FOUND'));
      const [, id, version] = match;
      // One spelling per card (/covers/uz/…, not /covers/UZ/…): the others are sent there, so that
      // a card is kept and drawn under one name.
      if (language.code !== lang) return reply.redirect(`/covers/${language.code}/${type}/${file}`, 301);
      let record: Record<string, unknown>;
      try {
        record = await services.recordService(covered).get(id, { admin: false });
      } catch (error) {
        if (isAppError(error) && error.status === 404) return reply.status(404).send(failure(notFound, 'NOT_FOUND'));
        throw error;
      }
      if (String(record.version) !== version) return reply.redirect(`/covers/${lang}/${type}/${id}-${String(record.version)}.jpg`, 301);
      const key = `${lang}/${type}/${file}`;
      let image = drawn.get(key);
      if (!image) {
        const retryAfter = drawing.has(key) ? undefined : missed(request.ip);
        if (retryAfter !== undefined) {
          reply.header('retry-after', String(retryAfter));
          return reply.status(429).send(failure('Too many share cards asked for at once. Please wait a little and try again.', 'RATE_LIMITED'));
        }
        let pending = drawing.get(key);
        if (!pending) {
          pending = queue(async () => {
            const [defaultLanguage, config] = await Promise.all([services.languages.defaultLanguage(), services.siteConfig.get()]);
            const text = (value: unknown) => pickText(value as Localized | string | undefined, lang, defaultLanguage);
            // What the admin lists a record by: its title (a lawyer's name) and the line under it (category, position).
            const { titleField, subtitleField } = covered.admin;
            // A moment (an event's start) is drawn as the firm's clock says it, in the card's language.
            const moment = subtitleField && covered.fields[subtitleField]?.widget === 'datetime' && typeof record[subtitleField] === 'string';
            const label = !subtitleField ? undefined : moment ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: services.timeZone }).format(new Date(String(record[subtitleField]))) : text(record[subtitleField]);
            return svgToJpeg(coverSvg({ title: text(record[titleField]), label, firm: text(config.companyName) }));
          }).finally(() => drawing.delete(key));
          drawing.set(key, pending);
        }
        image = await pending;
        if (!image) {
          reply.header('retry-after', '5');
          return reply.status(503).send(failure('Share cards are being drawn for many pages at once. Please try again in a few seconds.', 'UNAVAILABLE'));
        }
        drawn.set(key, image);
        if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value ?? key);
      }
      reply.header('content-type', 'image/jpeg').header('content-length', image.length).header('cache-control', 'public, max-age=86400');
      // Behind a CDN or shared cache: kept until the record (or the firm's name) changes.
      if (services.config.edge) reply.headers(edgeHeaders(services.config.edge, new Set([covered.table, `${covered.table}:${id}`])));
      return reply.send(request.method === 'HEAD' ? undefined : image);
    },
  });
}
