/*
 * Public pages are rendered to one string (app/entry.server.tsx) instead of through the stream
 * React Router's template uses. Every public page type must come out byte for byte as the
 * streaming render makes it: both renders of the same request are compared here, on the real
 * production build and the demo site.
 */
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerBuild } from '../../server/start.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type EntryModule = ServerBuild['entry']['module'] & {
  streamPage: ServerBuild['entry']['module']['default'];
  servicesContext: RouterContext<unknown>;
  clientAddressContext: RouterContext<string>;
  nonceContext: RouterContext<string>;
  renderedBody: (response: Response) => Buffer | undefined;
};

describe('public pages rendered to a string', () => {
  let app: TestApp;
  let build: ServerBuild;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    const loaded = await loadServerBuild();
    if (!loaded || typeof loaded === 'function') throw new Error('run the build first (npm run build)');
    build = loaded;
  });
  afterAll(() => app?.close());

  async function render(handlerBuild: ServerBuild, path: string) {
    const entry = build.entry.module as EntryModule;
    const context = new RouterContextProvider();
    context.set(entry.servicesContext, app.services);
    context.set(entry.clientAddressContext, '127.0.0.1');
    context.set(entry.nonceContext, 'fixed-nonce');
    const response = await createRequestHandler(handlerBuild, 'production')(new Request(`https://lawfirm.test${path}`), context);
    // Rendered to a string, the page's bytes come beside its Response; streamed, in its body.
    const rendered = entry.renderedBody(response);
    const html = rendered ? rendered.toString('utf8') : await response.text();
    // The contact form carries a signed moment it was shown (against robots): the same on both sides here.
    return { status: response.status, type: response.headers.get('content-type'), rendered: Boolean(rendered), html: html.replace(/name="shownAt" value="[^"]*"/g, 'name="shownAt" value=""') };
  }

  it('gives every public page type the same bytes and status as the streaming render', async () => {
    const streaming: ServerBuild = { ...build, entry: { module: { ...build.entry.module, default: (build.entry.module as EntryModule).streamPage } } };
    const pick = async (type: string) => (await app.api(`/api/${type}?limit=1`)).body.data[0] as { slug: string };
    const [news, blog, service, lawyer] = await Promise.all([pick('news'), pick('blog'), pick('services'), pick('team')]);
    const page = (await app.api('/api/pages')).body.data[0] as { slug: string };
    const paths = ['/', '/ru', '/en', '/news', '/ru/news?page=1', `/news/${news.slug}`, '/blog', `/ru/blog/${blog.slug}`, '/services', `/services/${service.slug}`, '/team', `/ru/team/${lawyer.slug}`, '/partners', '/faq', '/contact', '/ru/contact?service=x', '/search?q=soliq', `/${page.slug}`, '/no-such-page'];
    for (const path of paths) {
      const [asString, asStream] = [await render(build, path), await render(streaming, path)];
      expect(asString.status, path).toBe(asStream.status);
      expect(asString.type, path).toBe(asStream.type);
      expect(asString.html.length, path).toBeGreaterThan(1000);
      expect(asString.html, path).toBe(asStream.html);
      expect([asString.rendered, asStream.rendered], path).toEqual([true, false]);
    }
  });
});
