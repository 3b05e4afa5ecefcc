import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { route, type RouteDeclaration } from '../http/route.ts';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { badRequest, validationError } from '../../domain/shared/errors.ts';
import { CHECK_CODES } from '../../domain/checks/document-checks.ts';
import { languageSegment, pickText } from '../../domain/shared/localized.ts';
import { splitLanguage, typeWithPagesAt } from '../../domain/site/site-pages.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';

/** What the dashboard and analytics screens read: recent activity and figures the data holds. */
export async function adminRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  reviewAndCheckRoutes(app, services);
  activityRoutes(app, services);
}

/** Reviews (what waits for me, what came back, whom to ask) and the site checks (the report, the outside links). */
function reviewAndCheckRoutes(app: FastifyInstance, services: AppServices) {
  const serve = (declaration: RouteDeclaration) => route(app, declaration);

  // What waits for my review, overdue first (the dashboard's "Waiting for me").
  serve({
    method: 'GET',
    url: '/reviews/mine',
    operationId: 'listMyReviews',
    summary: 'What waits for the caller’s review, overdue first',
    tags: ['Editorial'],
    access: 'content.read',
    answers: { 200: { description: 'Waiting', data: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, _id: { type: 'string' }, title: { type: 'string' }, dueAt: { type: ['string', 'null'] }, overdue: { type: 'boolean' } } } } } },
    errors: [401],
    handler: async (request) => {
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
    },
  });

  // What came back to me: decisions on what I sent, outside reviewers' opinions (the dashboard).
  serve({
    method: 'GET',
    url: '/reviews/news',
    operationId: 'listMyReviewNews',
    summary: 'What came back to the caller in the last 30 days, newest first',
    description:
      'Approvers’ decisions on what they sent for review (or whose working copy they saved), and outside reviewers’ opinions (by.outside) on what they sent, were asked to review or made the reviewer’s link for.',
    tags: ['Editorial'],
    access: 'content.read',
    answers: {
      200: {
        description: 'Decisions',
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { type: 'string' },
              _id: { type: 'string' },
              title: { type: 'string' },
              action: { type: 'string', enum: ['approve', 'request_changes'] },
              by: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' }, outside: { type: 'boolean' } } },
              at: { type: 'string', format: 'date-time' },
              comment: { type: 'string' },
            },
          },
        },
      },
    },
    errors: [401],
    handler: async (request) => {
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
    },
  });

  // Whom a submit can ask: approvers and administrators (any signed-in colleague may submit).
  serve({
    method: 'GET',
    url: '/reviews/approvers',
    operationId: 'listApprovers',
    summary: 'Whom a submit for review can ask (its assignee): approvers and administrators',
    tags: ['Editorial'],
    access: 'content.read',
    answers: { 200: { description: 'Accounts', data: { type: 'array', items: { type: 'object', properties: { _id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string', format: 'email' } } } } } },
    errors: [401],
    handler: async () => ok(await services.reviews.approvers()),
  });

  // The site report (API-3.md "Checks before publishing"): every current problem of every public
  // record, errors first; `severity` and `code` narrow it.
  serve({
    method: 'GET',
    url: '/checks',
    operationId: 'getSiteChecks',
    summary: 'Every current problem of every public record, errors first',
    tags: ['Editorial'],
    access: 'content.read',
    query: z.object({ severity: z.enum(['error', 'warning']).optional().describe('Only errors or only warnings'), code: z.enum(CHECK_CODES).optional().describe('Only this problem') }),
    answers: {
      200: {
        description: 'The report',
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { type: 'string' },
              _id: { type: 'string' },
              title: { type: 'string' },
              lang: { type: 'string' },
              field: { type: 'string' },
              code: { type: 'string', enum: [...CHECK_CODES] },
              severity: { type: 'string', enum: ['error', 'warning'] },
              message: { type: 'string' },
              params: { type: 'object' },
            },
          },
        },
      },
    },
    errors: [400, 401],
    handler: async (request) => {
      const { severity, code, ...rest } = (request.query ?? {}) as Record<string, unknown>;
      if (Object.keys(rest).length) throw badRequest(`Unknown parameter ${Object.keys(rest)[0]}: the report takes severity (error or warning) and code`);
      if (severity !== undefined && severity !== 'error' && severity !== 'warning') throw badRequest('severity is error or warning');
      if (code !== undefined && !CHECK_CODES.includes(code as (typeof CHECK_CODES)[number])) throw badRequest(`code is one of ${CHECK_CODES.join(', ')}`);
      const items = await services.checks.report();
      return ok(items.filter((item) => (!severity || item.severity === severity) && (!code || item.code === code)));
    },
  });
  const linkCheck = { type: 'object', properties: { checkedAt: { type: ['string', 'null'], format: 'date-time' }, checked: { type: 'integer' }, broken: { type: 'integer' }, running: { type: 'boolean' } } };
  // When the outside links were last checked, how many are broken, and whether a check is running.
  serve({
    method: 'GET',
    url: '/checks/links',
    operationId: 'getLinkCheck',
    summary: 'When the outside links were last checked (weekly), how many were asked and are broken, and whether a check runs now',
    tags: ['Editorial'],
    access: 'content.read',
    answers: { 200: { description: 'The state', data: linkCheck } },
    errors: [401],
    handler: async () => ok(await services.linkChecks.status()),
  });
  // The weekly check of outside links, now: it runs in the background; the report shows what it found.
  serve({
    method: 'POST',
    url: '/checks/links',
    operationId: 'checkOutsideLinks',
    summary: 'Check the outside links now (otherwise weekly): runs in the background, at most LINK_CHECK_LIMIT addresses, each within LINK_CHECK_TIMEOUT_SECONDS',
    tags: ['Editorial'],
    access: 'links.check',
    answers: { 202: { description: 'Started; the status so far', data: linkCheck } },
    errors: [401, 403],
    handler: async (_request, reply) => {
      void services.linkChecks.start().catch((error: unknown) => services.logger.error({ err: error }, 'the link check failed'));
      return reply.status(202).send(ok(await services.linkChecks.status(), { message: 'Checking the outside links: the report shows what was found when it ends' }));
    },
  });
}

/** What happened: the activity log, the trash and the analytics. */
function activityRoutes(app: FastifyInstance, services: AppServices) {
  const serve = (declaration: RouteDeclaration) => route(app, declaration);

  // Editors and administrators: the log names what the firm works on (never a visitor: see contact-service.ts).
  serve({
    method: 'GET',
    url: '/admin/activity',
    operationId: 'listActivity',
    summary: 'Latest admin writes (who, what, when)',
    description: 'A contact request is named by its id, never by the visitor.',
    tags: ['Admin'],
    access: 'site.observe',
    query: z.object({ limit: z.string().optional().describe('How many, 1 to 100 (10 when absent)') }),
    answers: { 200: { description: 'Entries', data: { type: 'array', items: { type: 'object', additionalProperties: true } } } },
    errors: [401, 403],
    handler: async (request) => {
      const limit = Math.min(Math.max(Number.parseInt((request.query as { limit?: string }).limit ?? '10', 10) || 10, 1), 100);
      return ok(await services.activity.latest(limit));
    },
  });

  serve({
    method: 'GET',
    url: '/trash',
    operationId: 'listTrash',
    summary: 'Deleted records that can be restored, newest first',
    tags: ['Admin'],
    access: 'site.observe',
    answers: {
      200: {
        description: 'Deleted records',
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { type: 'string' },
              _id: { type: 'string' },
              version: { type: 'integer', description: 'Restore this version to bring the record back' },
              title: { type: 'string' },
              deletedAt: { type: 'string', format: 'date-time' },
              deletedBy: { type: ['object', 'null'] },
            },
          },
        },
      },
    },
    errors: [401, 403],
    handler: async () => ok(await services.trash()),
  });

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

  serve({
    method: 'GET',
    url: '/admin/analytics',
    operationId: 'getAnalytics',
    summary: 'Article views, contact requests by status and week, and visits of the public pages (no cookie, no address, crawlers left out)',
    tags: ['Admin'],
    access: 'site.observe',
    query: z.object({ days: z.string().regex(/^\d+$/).optional().describe('The period of the visit figures: 1 to 366 days, 30 when absent') }),
    answers: { 200: { description: 'Figures', data: ANALYTICS } },
    errors: [400, 401, 403],
    handler: async (request) => {
      const asked = (request.query as { days?: string }).days;
      const days = asked === undefined ? 30 : Number(asked);
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
    },
  });
}


const ANALYTICS = {
  type: 'object',
  properties: {
    views: {},
    contacts: {},
    visits: {
      type: 'object',
      required: ['total', 'byDay', 'byPage', 'byLanguage', 'byReferrer'],
      properties: {
        total: { type: 'integer' },
        byDay: { type: 'array', description: 'Every day of the period in the firm’s time zone, oldest first', items: { type: 'object', properties: { day: { type: 'string', format: 'date' }, visits: { type: 'integer' } } } },
        byPage: { type: 'array', description: 'The 20 most visited pages', items: { type: 'object', properties: { path: { type: 'string' }, visits: { type: 'integer' }, title: { type: ['string', 'null'] } } } },
        byLanguage: { type: 'object', additionalProperties: { type: 'integer' } },
        byReferrer: { type: 'array', description: 'The referring site’s host name, or direct; 20 most first', items: { type: 'object', properties: { host: { type: 'string' }, visits: { type: 'integer' } } } },
      },
    },
  },
};
