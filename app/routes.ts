import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { SITE_PAGES } from '../domain/site/site-pages.ts';

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemaps/:file', 'routes/sitemap-file.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // The firm in Markdown for assistants and search engines (llmstxt.org), per language.
  route('llms.txt', 'routes/llms.ts', { id: 'llms' }),
  route(':lang/llms.txt', 'routes/llms.ts', { id: 'llms-in-language' }),
  // RSS 2.0 and Atom feeds of news and the blog, in the default language and under /{code}/.
  ...['news', 'blog'].flatMap((kind) =>
    ['feed.xml', 'atom.xml'].flatMap((file) => [
      route(`${kind}/${file}`, 'routes/feed.ts', { id: `feed-${kind}-${file}` }),
      route(`:lang/${kind}/${file}`, 'routes/feed.ts', { id: `feed-${kind}-${file}-in-language` }),
    ]),
  ),
  // The admin area: rendered in the browser only, its code loaded only under /admin.
  route('admin/login', 'routes/admin/login.tsx'),
  // "Forgot password?": the e-mail form, and the page its link opens.
  route('admin/reset', 'routes/admin/reset.tsx', { id: 'admin-reset-ask' }),
  route('admin/reset/:token', 'routes/admin/reset.tsx', { id: 'admin-reset-set' }),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('contacts', 'routes/admin/contacts.tsx'),
    route('languages', 'routes/admin/languages.tsx'),
    route('media', 'routes/admin/media.tsx'),
    route('site-config', 'routes/admin/site-config.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('analytics', 'routes/admin/analytics.tsx'),
    route('trash', 'routes/admin/trash.tsx'),
    route('calendar', 'routes/admin/calendar.tsx'),
    route('translations', 'routes/admin/translations.tsx'),
    route('termbase', 'routes/admin/termbase.tsx'),
    route('redirects', 'routes/admin/redirects.tsx'),
    route('checks', 'routes/admin/checks.tsx'),
    route('subscribers', 'routes/admin/subscribers.tsx'),
    route('releases', 'routes/admin/releases.tsx'),
    route('releases/:id', 'routes/admin/release.tsx'),
    route(':resource', 'routes/admin/resource.tsx'),
    route(':resource/new', 'routes/admin/resource-edit.tsx', { id: 'admin-resource-new' }),
    route(':resource/:id/edit', 'routes/admin/resource-edit.tsx', { id: 'admin-resource-edit' }),
    route(':resource/:id', 'routes/admin/resource-view.tsx'),
    route('*', 'routes/admin/unknown.tsx'),
  ]),
  // Every public page at its path in the default language and under /{code}/ in the others, as the
  // site declares them (domain/site/site-pages.ts); any other path is a page of text or the 404.
  route(':lang?', 'routes/site/layout.tsx', [
    ...SITE_PAGES.map((page) => (page.path === '' ? index(page.module) : route(page.path, page.module, page.id ? { id: page.id } : {}))),
    route('*', 'routes/site/not-found.tsx'),
  ]),
] satisfies RouteConfig;
