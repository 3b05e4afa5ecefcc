import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../server/start.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { pagesToCheck } from '../helpers/public-pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { tokenPageVisits, visit } from '../helpers/token-pages.ts';

/* Every public page of the site plan (tests/helpers/public-pages.ts), in every language, through the W3C Nu HTML checker (vnu.jar with the system Java). */

const JAVA = ['/usr/bin/java', '/usr/local/bin/java'].find((candidate) => fs.existsSync(candidate));
const VNU = path.join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');
const PREFIX: Record<string, string> = { uz: '', ru: '/ru', en: '/en' };

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe.skipIf(!JAVA)('valid HTML on every public page (W3C Nu checker)', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let folder: string;
  beforeAll(async () => {
    // With e-mail set up, so that the alerts' form and invitations show, and a confirmation link comes.
    smtp = await startSmtp();
    app = await startTestApp('sqlite', { demo: true, ssr: true, env: { SMTP_URL: smtp.url } });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-vnu-'));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('reports no error on any page in uz, ru and en', async () => {
    // The newest article has topics: its end holds the alerts' form.
    const token = await app.login();
    const topic = (await app.api('/api/services?limit=1')).body.data[0]._id as string;
    await app.api('/api/news', { token, body: { title: { uz: 'Mavzuli', ru: 'С темой', en: 'With a topic' }, excerpt: { uz: 'x', ru: 'x', en: 'x' }, content: { uz: 'x', ru: 'x', en: 'x' }, category: { uz: 'x' }, topics: [topic] } });
    const article = (await app.api('/api/news?limit=1')).body.data[0] as { slug: string };
    expect(await (await fetch(`${app.url}/news/${article.slug}`)).text()).toContain('id="alerts-consent"');
    // Every page of the site plan, and the states and records its list leaves out.
    const paths = await pagesToCheck(app, [
      '/news?page=2', '/no-such-page', '/search?q=shartnoma', '/matters?year=2024',
      '/careers/korporativ-huquq-boyicha-yurist', '/events/yangi-soliq-kodeksi-biznes-uchun-seminar', '/events/xalqaro-arbitraj-davra-suhbati',
    ]);
    const files: string[] = [];
    let visited = 0;
    for (const lang of Object.keys(PREFIX)) {
      for (const page of paths) {
        const address = PREFIX[lang] + (page === '/' && PREFIX[lang] ? '' : page);
        const response = await fetch(app.url + address);
        expect([200, 404], address).toContain(response.status);
        const file = path.join(folder, `${lang}${page.replace(/[/?=]/g, '_') || '_home'}.html`);
        fs.writeFileSync(file, await response.text());
        files.push(file);
      }
      // The signed links' pages in each state, before and after their forms are sent.
      for (const step of await tokenPageVisits(app, smtp, PREFIX[lang])) {
        visited += 1;
        const response = await visit(app, step);
        expect([200, 404, 410], step.state).toContain(response.status);
        const file = path.join(folder, `${lang}_${step.state.replace('/', '_')}${step.post ? '_sent' : ''}.html`);
        fs.writeFileSync(file, await response.text());
        files.push(file);
      }
    }
    const checked = spawnSync(JAVA!, ['-Xss1m', '-jar', VNU, '--format', 'json', '--exit-zero-always', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 180_000 });
    expect(checked.status, checked.stderr.slice(0, 2000)).toBe(0);
    const messages = (JSON.parse(checked.stderr || checked.stdout).messages as NuMessage[]).filter((message) => message.type === 'error' || message.subType === 'fatal');
    const found = messages.map((message) => `${path.basename(message.url)}:${message.lastLine ?? '?'} ${message.message} [${(message.extract ?? '').trim().slice(0, 120)}]`);
    expect(found).toEqual([]);
    expect(files).toHaveLength(paths.length * 3 + visited);
  }, 240_000);
});
