import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Every public page at its path in the default language and under /{code}/ in the others.
  route(':lang?', 'routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('services', 'routes/site/services.tsx'),
    route('services/:key', 'routes/site/service-detail.tsx'),
    route('team', 'routes/site/team.tsx'),
    route('partners', 'routes/site/partners.tsx'),
    route('news', 'routes/site/news.tsx'),
    route('news/:key', 'routes/site/news-detail.tsx'),
    route('blog', 'routes/site/blog.tsx'),
    route('blog/:key', 'routes/site/blog-detail.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    route('*', 'routes/site/not-found.tsx'),
  ]),
] satisfies RouteConfig;
