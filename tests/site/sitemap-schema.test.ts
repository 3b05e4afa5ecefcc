import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../server/start.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Every sitemap file of the demo site against the sitemaps.org 0.9 schemas (xmllint from
 * libxml2-utils): the index against siteindex.xsd, each file against sitemap.xsd with its
 * xhtml:link alternates validated too (tests/fixtures/sitemaps/ says why strictly).
 */

const XMLLINT = ['/usr/bin/xmllint', '/usr/local/bin/xmllint'].find((candidate) => fs.existsSync(candidate));
const SCHEMAS = path.join(ROOT, 'tests/fixtures/sitemaps');
const BASE = 'https://lawfirm.test';

/** xmllint's verdict on one file: its errors, none when it validates. */
function schemaErrors(file: string, schema: string): string[] {
  const checked = spawnSync(XMLLINT ?? 'xmllint', ['--noout', '--nonet', '--schema', path.join(SCHEMAS, schema), file], { encoding: 'utf8' });
  if (checked.error) throw new Error(`xmllint did not run (apt-get install libxml2-utils): ${checked.error.message}`);
  if (checked.status === 0) return [];
  return checked.stderr.split('\n').filter((line) => line.trim() && !line.endsWith(' validates') && !line.endsWith(' fails to validate')).slice(0, 20);
}

// Under REQUIRE_ALL_TESTS=1 (CI) a missing xmllint fails here instead of skipping (scripts/test.ts says so too).
describe.skipIf(!XMLLINT && process.env.REQUIRE_ALL_TESTS !== '1').each(DIALECTS)('the sitemap files against the sitemaps.org schemas on %s', (dialect) => {
  let app: TestApp;
  let folder: string;
  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-sitemaps-'));
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('validates the index against siteindex.xsd and every file it lists against sitemap.xsd', async () => {
    const save = async (address: string, name: string) => {
      const response = await fetch(app.url + address);
      expect(response.status, address).toBe(200);
      const file = path.join(folder, name);
      fs.writeFileSync(file, await response.text());
      return file;
    };
    const index = await save('/sitemap.xml', 'sitemap.xml');
    const found: Record<string, string[]> = {};
    const indexErrors = schemaErrors(index, 'siteindex.xsd');
    if (indexErrors.length) found['sitemap.xml'] = indexErrors;
    const listed = [...fs.readFileSync(index, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc.slice(BASE.length));
    // pages.xml and at least one file of each type with pages in the demo content.
    expect(listed).toEqual(expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/news-1.xml', '/sitemaps/blog-1.xml', '/sitemaps/team-1.xml', '/sitemaps/services-1.xml']));
    for (const address of listed) {
      const file = await save(address, path.basename(address));
      // A file that lists records says when each changed: the element the schema's order is about.
      if (address !== '/sitemaps/pages.xml') expect(fs.readFileSync(file, 'utf8'), address).toContain('<lastmod>');
      const errors = schemaErrors(file, 'sitemap-with-alternates.xsd');
      if (errors.length) found[address] = errors;
    }
    expect(found).toEqual({});
  });

  it('refuses a file with an alternate before lastmod, and a misspelt alternate (the check can fail)', async () => {
    const body = await (await fetch(`${app.url}/sitemaps/news-1.xml`)).text();
    const url = /<url>[\s\S]*?<\/url>/.exec(body)![0];
    const lastmod = /\n\s*<lastmod>[^<]*<\/lastmod>/.exec(url)![0];
    const alternateFirst = url.replace(lastmod, '').replace('\n  </url>', `${lastmod}\n  </url>`);
    const misspelt = url.replace('hreflang=', 'hreflan=');
    for (const [name, wrong, said] of [
      ['alternate-first.xml', alternateFirst, /lastmod': This element is not expected/],
      ['misspelt.xml', misspelt, /attribute 'hreflan' is not allowed/],
    ] as const) {
      const file = path.join(folder, name);
      fs.writeFileSync(file, body.replace(url, wrong));
      expect(schemaErrors(file, 'sitemap-with-alternates.xsd').join('\n'), name).toMatch(said);
    }
  });
});
