/**
 * Pictures of public pages at phone and desktop widths, for looking at a change and for docs/screenshots/.
 *   node scripts/screenshots.ts BASE_URL OUT_DIR [path ...]   (CHROME_PATH names the browser; default /usr/bin/chromium)
 * Each path may start with a language prefix (/ru/…); the file name says the path and the width
 * (NAME=label:path pairs are not needed: rename afterwards). WIDTHS=375,1024 and JS=false change
 * the widths and turn JavaScript off. Admin screens: TOKEN=<a session token> (POST /api/auth/login)
 * signs the browser in, ADMIN_LANG=uz|ru|en chooses the admin's language.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const [base, out, ...paths] = process.argv.slice(2);
if (!base || !out) {
  console.error('Usage: node scripts/screenshots.ts BASE_URL OUT_DIR [path ...]');
  process.exit(2);
}
const widths = (process.env.WIDTHS ?? '375,1280').split(',').map(Number);
const fullPage = process.env.FULL_PAGE !== 'false';
await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const width of widths) {
    const context = await browser.newContext({ locale: 'uz-UZ', viewport: { width, height: width < 768 ? 812 : 900 }, javaScriptEnabled: process.env.JS !== 'false' });
    if (process.env.TOKEN) {
      await context.addInitScript(([token, lang]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('i18nextLng', lang);
      }, [process.env.TOKEN, process.env.ADMIN_LANG ?? 'uz']);
    }
    const page = await context.newPage();
    for (const path of paths.length > 0 ? paths : ['/']) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      // The admin reads its data after the page shows: wait until nothing says it is loading.
      if (path.startsWith('/admin')) await page.waitForFunction(() => !document.querySelector('[role="status"][aria-busy="true"], .animate-spin'), undefined, { timeout: 10_000 }).catch(() => {});
      const name = `${path.replace(/^\/|\/$/g, '').replace(/[^a-z0-9-]+/gi, '-') || 'home'}-${width}.png`;
      // A 256-colour PNG: a quarter of the size, no visible difference on flat colours and text.
      await sharp(await page.screenshot({ fullPage })).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(join(out, name));
      console.log(join(out, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
}
