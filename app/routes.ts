import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemaps/:file', 'routes/sitemap-file.ts'),
  route('robots.txt', 'routes/robots.ts'),
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
    route('translations', 'routes/admin/translations.tsx'),
    route('redirects', 'routes/admin/redirects.tsx'),
    route('checks', 'routes/admin/checks.tsx'),
    route('subscribers', 'routes/admin/subscribers.tsx'),
    route(':resource', 'routes/admin/resource.tsx'),
    route(':resource/new', 'routes/admin/resource-edit.tsx', { id: 'admin-resource-new' }),
    route(':resource/:id/edit', 'routes/admin/resource-edit.tsx', { id: 'admin-resource-edit' }),
    route(':resource/:id', 'routes/admin/resource-view.tsx'),
    route('*', 'routes/admin/unknown.tsx'),
  ]),
  // Every public page at its path in the default language and under /{code}/ in the others.
  route(':lang?', 'routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('services', 'routes/site/services.tsx'),
    route('services/:key', 'routes/site/service-detail.tsx'),
    route('team', 'routes/site/team.tsx'),
    route('team/:key', 'routes/site/team-member.tsx'),
    route('partners', 'routes/site/partners.tsx'),
    route('news', 'routes/site/news.tsx'),
    route('news/:key', 'routes/site/news-detail.tsx'),
    route('blog', 'routes/site/blog.tsx'),
    route('blog/:key', 'routes/site/blog-detail.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    route('faq', 'routes/site/faq.tsx'),
    route('search', 'routes/site/search.tsx'),
    route('preview/:token', 'routes/site/preview.tsx'),
    // Alerts by e-mail (API-3.md "Alerts"): subscribing, confirming, settings and unsubscribing.
    route('subscribe', 'routes/site/subscribe.tsx'),
    route('subscribe/confirm/:token', 'routes/site/subscribe-confirm.tsx'),
    route('subscribe/preferences/:token', 'routes/site/subscribe-preferences.tsx'),
    route('unsubscribe/:token', 'routes/site/unsubscribe.tsx'),
    // The pages every footer links; any other page slug is served by the two routes below.
    ...['privacy', 'terms', 'disclaimer'].map((slug) => route(slug, 'routes/site/text-page.tsx', { id: `text-page-${slug}` })),
    route('*', 'routes/site/not-found.tsx'),
  ]),
] satisfies RouteConfig;
