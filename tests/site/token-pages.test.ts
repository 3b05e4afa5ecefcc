import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { htmlAttribute, metaContent, textOf, title } from '../helpers/html.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { tokenPageVisits, visit } from '../helpers/token-pages.ts';

/*
 * The pages a signed or one-time link opens (confirm, settings, unsubscribe, an event's cancel, a
 * client's upload): in every language and state, a tab title that says what the page is (WCAG 2.4.2),
 * in the page's language, and never indexed.
 */

const COMPANY: Record<string, string> = { uz: 'Adliya Partners', ru: 'Адлия Партнерс', en: 'Adliya Partners' };
const STATUS: Record<string, number[]> = { unknown: [404], expired: [410] };

describe.each(DIALECTS)('the signed links’ pages on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { demo: true, ssr: true, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it.each([
    ['uz', ''],
    ['ru', '/ru'],
    ['en', '/en'],
  ])('names each page in its <title>, in %s, in every state, before and after its form is sent', async (lang, prefix) => {
    const found: Record<string, string> = {};
    for (const step of await tokenPageVisits(app, smtp, prefix)) {
      const response = await visit(app, step);
      const html = await response.text();
      const what = `${step.state}${step.post ? ' (POST)' : ''}`;
      expect(STATUS[step.state.split('/')[1]] ?? [200], what).toContain(response.status);
      expect(htmlAttribute(html, 'lang'), what).toBe(lang);
      expect(metaContent(html, 'robots'), what).toBe('noindex, nofollow');
      // The tab says what the page's heading says, then whose site it is.
      const [heading] = textOf(html, 'h1');
      if (title(html) !== `${heading} | ${COMPANY[lang]}`) found[what] = `<title>${title(html) ?? '(none)'}</title> <h1>${heading}</h1>`;
    }
    expect(found).toEqual({});
  });
});
