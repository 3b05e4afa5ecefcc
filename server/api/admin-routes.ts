import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { adminsOnly, editorsOnly, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { badRequest, validationError } from '../../domain/shared/errors.ts';
import { CHECK_CODES } from '../../domain/checks/document-checks.ts';
import { languageSegment, pickText } from '../../domain/shared/localized.ts';
import { splitLanguage, typeWithPagesAt } from '../../domain/site/site-pages.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';

/** What the dashboard and analytics screens read: recent activity and figures the data holds. */
export async function adminRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.addHook('preHandler', requireUser);

  // What waits for my review, overdue first (the dashboard's "Waiting for me").
  app.get('/reviews/mine', async (request) => {
    const [waiting, defaultLanguage] = await Promise.all([services.reviews.waitingFor(request.user!._id), services.languages.defaultLanguage()]);
    const now = new Date().toISOString();
    const shown = await Promise.all(
      waiting.map(async (item) => {
        const service = services.records[item.type as keyof typeof services.records] as unknown as RecordService | undefined;
        const record = await service?.get(item.id, { admin: true }).catch(() => undefined);
        if (!record) return undefined;
        return { type: item.type, _id: item.id, title: pickText(record[service!.type.admin.titleField], defaultLanguage), dueAt: item.dueAt, overdue: Boolean(item.dueAt && item.dueAt < now) };
      }),
    );
    return ok(shown.filter((item) => item !== undefined));
  });

  // What came back to me: decisions on what I sent, outside reviewers' opinions (the dashboard).
  app.get('/reviews/news', async (request) => {
    const [news, defaultLanguage] = await Promise.all([services.reviewNews(request.user!._id), services.languages.defaultLanguage()]);
    const shown = await Promise.all(
      news.map(async (item) => {
        const service = services.records[item.type as keyof typeof services.records] as unknown as RecordService | undefined;
        const record = await service?.get(item.id, { admin: true }).catch(() => undefined);
        const { id, ...step } = item;
        return record ? { ...step, _id: id, title: pickText(record[service!.type.admin.titleField], defaultLanguage) } : undefined;
      }),
    );
    return ok(shown.filter((item) => item !== undefined));
  });

  // Whom a submit can ask: approvers and administrators (any signed-in colleague may submit).
  app.get('/reviews/approvers', async () => ok(await services.reviews.approvers()));

  // The site report (API-3.md "Checks before publishing"): every current problem of every public
  // record, errors first; `severity` and `code` narrow it.
  app.get<{ Querystring: Record<string, unknown> }>('/checks', async (request) => {
    const { severity, code, ...rest } = request.query ?? {};
    if (Object.keys(rest).length) throw badRequest(`Unknown parameter ${Object.keys(rest)[0]}: the report takes severity (error or warning) and code`);
    if (severity !== undefined && severity !== 'error' && severity !== 'warning') throw badRequest('severity is error or warning');
    if (code !== undefined && !CHECK_CODES.includes(code as (typeof CHECK_CODES)[number])) throw badRequest(`code is one of ${CHECK_CODES.join(', ')}`);
    const items = await services.checks.report();
    return ok(items.filter((item) => (!severity || item.severity === severity) && (!code || item.code === code)));
  });
  // When the outside links were last checked, how many are broken, and whether a check is running.
  app.get('/checks/links', async () => ok(await services.linkChecks.status()));
  // The weekly check of outside links, now: it runs in the background; the report shows what it found.
  app.post('/checks/links', { preHandler: adminsOnly }, async (_request, reply) => {
    void services.linkChecks.start().catch((error: unknown) => services.logger.error({ err: error }, 'the link check failed'));
    return reply.status(202).send(ok(await services.linkChecks.status(), { message: 'Checking the outside links: the report shows what was found when it ends' }));
  });

  // Editors and administrators: the log names what the firm works on (never a visitor: see contact-service.ts).
  app.get<{ Querystring: { limit?: string } }>('/admin/activity', { preHandler: editorsOnly }, async (request) => {
    const limit = Math.min(Math.max(Number.parseInt(request.query.limit ?? '10', 10) || 10, 1), 100);
    return ok(await services.activity.latest(limit));
  });

  app.get('/trash', { preHandler: editorsOnly }, async () => ok(await services.trash()));

  /** The title of a record's public page (/ru/news/{slug}) in the page's language, or null for other pages. */
  async function pageTitle(path: string, languages: string[], defaultLanguage: string): Promise<string | null> {
    const { segment, rest } = splitLanguage(path, languages.map(languageSegment));
    const lang = languages.find((code) => languageSegment(code) === segment);
    const [section, key, more] = rest.split('/').filter(Boolean);
    const type = typeWithPagesAt(section);
    if (!type || !key || more !== undefined) return null;
    const record = await services.recordService(type).getBySlugOrId(key, { admin: true }).catch(() => undefined);
    return record ? pickText(record[type.admin.titleField], lang ?? defaultLanguage, defaultLanguage) || null : null;
  }

  app.get<{ Querystring: { days?: string } }>('/admin/analytics', { preHandler: editorsOnly }, async (request) => {
    const days = request.query.days === undefined ? 30 : Number(request.query.days);
    if (!Number.isInteger(days) || days < 1 || days > 366) {
      throw validationError([{ path: 'days', message: 'Days must be a whole number from 1 to 366', code: 'invalid' }]);
    }
    // Summed and ranked by the database, and the requests' times read as one column: the cost stays
    // flat as the site grows (10,000 articles once held the event loop for 2.4 s here).
    const { news, blog } = services.records;
    const [newsViews, blogViews, topNewsRecords, topBlogRecords, received, visits] = await Promise.all([
      news.store.sum('views', []),
      blog.store.sum('views', []),
      news.store.top('views', 10, []),
      blog.store.top('views', 10, []),
      services.contacts.receivedTimes(),
      services.visitReport(days),
    ]);
    const topByViews = (records: Array<{ _id: string; title?: unknown; views?: unknown }>) => records.map((r) => ({ _id: r._id, title: r.title, views: Number(r.views) }));
    const byWeek = new Map<string, number>();
    for (const createdAt of received) {
      const day = new Date(createdAt);
      const monday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7)));
      const week = monday.toISOString().slice(0, 10);
      byWeek.set(week, (byWeek.get(week) ?? 0) + 1);
    }
    // The most visited pages by their titles (an article's, a lawyer's…), the address beside them.
    const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
    const defaultLanguage = await services.languages.defaultLanguage();
    const titled = await Promise.all(visits.byPage.map(async (row) => ({ ...row, title: await pageTitle(row.path, languages, defaultLanguage) })));
    return ok({
      views: {
        news: newsViews,
        blog: blogViews,
        topNews: topByViews(topNewsRecords),
        topBlog: topByViews(topBlogRecords),
      },
      visits: { ...visits, byPage: titled },
      contacts: {
        byStatus: await services.contacts.countByStatus(),
        byWeek: [...byWeek.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, count]) => ({ week, count })),
      },
    });
  });
}
