/*
 * The footer's and the phone bar's contents are made once per language and what they show
 * (app/site/frame-html.server.tsx): the pages must carry exactly what rendering them in place
 * gives, and a change of what they show must show at once.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../app/i18n/translator.ts';
import { SiteFooter } from '../../app/site/footer.tsx';
import { PhoneActions, SiteHeader } from '../../app/site/header.tsx';
import { buildSite, SiteProvider } from '../../app/site/site-context.tsx';
import { loadSiteData, type SiteData } from '../../app/site/site-data.server.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('the footer, the phone bar and the header’s fixed parts made once per language', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    token = await app.login();
  });
  afterAll(() => app?.close());

  const sameSprite = (html: string) => html.replace(/<use href="[^"#]*#/g, '<use href="#');
  const siteData = (lang?: string) => loadSiteData(app.services, lang, new Request(`http://localhost/${lang ?? ''}`));
  /** The footer and the phone bar as the page renders them: from the kept HTML, or made in place. */
  function frame(data: SiteData, kept: boolean) {
    const site = buildSite(data, createTranslator(data.lang, data.defaultLanguage, data.translations));
    const inSite = (element: React.ReactElement) => renderToString(createElement(SiteProvider, { value: site }, element));
    return {
      footer: inSite(createElement(SiteFooter, { html: kept ? data.frame?.footer : undefined })),
      phoneBar: inSite(createElement(PhoneActions, { html: kept ? data.frame?.phoneBar : undefined })),
      header: inSite(createElement(SiteHeader, { kept: kept ? data.frame : undefined })),
    };
  }

  it('gives the bytes rendering them in place gives, in every language, and the page carries them', async () => {
    for (const lang of [undefined, 'ru', 'en']) {
      const data = await siteData(lang);
      expect(data.frame, lang).toBeDefined();
      const inPlace = frame(data, false);
      expect(inPlace.footer.length, lang).toBeGreaterThan(2000);
      expect(frame(data, true), lang).toEqual(inPlace);
      // The same object for the next page of the language: made once.
      expect((await siteData(lang)).frame).toBe(data.frame);
      // The home page of the language (the path the data was read for: the header marks it).
      // The icons' sprite is named by its built address there, by its source's here (app/site/lucide.ts).
      const page = sameSprite(await (await fetch(`${app.url}/${lang ?? ''}?frame=${lang}`)).text());
      expect(page, lang).toContain(sameSprite(inPlace.footer));
      expect(page, lang).toContain(sameSprite(inPlace.phoneBar));
      expect(page, lang).toContain(sameSprite(inPlace.header));
    }
  });

  it('shows a change of what they show at once: the configuration, a service’s name, the language’s texts', async () => {
    const config = (await app.api('/api/site-config', { token })).body.data;
    expect((await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, contactInfo: { ...config.contactInfo, phone: '+998 71 123 45 67' } } })).status).toBe(200);
    expect((await siteData('ru')).frame?.footer).toContain('+998 71 123 45 67');
    expect((await siteData('ru')).frame?.phoneBar).toContain('tel:+998711234567');
    expect((await siteData('ru')).frame?.topBar).toContain('+998 71 123 45 67');

    const [service] = (await app.api('/api/services?limit=1')).body.data as Array<{ _id: string; title: Record<string, string> }>;
    expect((await app.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { title: { ...service.title, ru: 'Налоговые споры и проверки' } } })).status).toBe(200);
    expect((await siteData('ru')).frame?.footer).toContain('Налоговые споры и проверки');
    const page = await (await fetch(`${app.url}/ru/faq?frame=renamed`)).text();
    expect(page).toContain('Налоговые споры и проверки');

    const ru = ((await app.api('/api/languages?admin=true', { token })).body.data as Array<{ _id: string; code: string; translations: Record<string, string> }>).find((language) => language.code === 'ru')!;
    expect((await app.api(`/api/languages/${ru._id}`, { method: 'PUT', token, body: { translations: { ...ru.translations, 'footer.rights': 'Все права защищены законом.' } } })).status).toBe(200);
    const data = await siteData('ru');
    expect(data.frame?.footer).toContain('Все права защищены законом.');
    expect(frame(data, true)).toEqual(frame(data, false));
  });
});
