/*
 * The public pages' icons come from one sprite (app/site/icons.svg, built to /assets/icons-HASH.svg):
 * served as an immutable asset, naming only symbols it has, and drawn in Chromium exactly as
 * Lucide's inline `<svg>` was, in the sizes and colours the pages give them.
 */
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as site from '../../app/site/lucide.ts';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const icons = Object.values(site).filter((value): value is site.SpriteIcon => typeof value === 'object' && value !== null && 'spriteId' in value);
/** The classes the pages give icons: sizes, a colour, a filled star. */
const CLASSES = ['h-6 w-6 text-brand-700', 'h-4 w-4', 'h-5 w-5 fill-amber-400 text-amber-500'];

/** Pixels whose colour differs by more than antialiasing does, between two screenshots of the same size. */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const [first, second] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  expect([second.info.width, second.info.height]).toEqual([first.info.width, first.info.height]);
  let differing = 0;
  for (let at = 0; at < first.data.length; at += 3) if (Math.max(...[0, 1, 2].map((channel) => Math.abs(first.data[at + channel] - second.data[at + channel]))) > 24) differing += 1;
  return differing;
}

async function inkedPixels(image: Buffer): Promise<number> {
  const { data } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let at = 0; at < data.length; at += 3) if (data[at] + data[at + 1] + data[at + 2] < 600) inked += 1;
  return inked;
}

describe('the public pages’ icon sprite', () => {
  let app: TestApp;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    if (CHROME_PATH) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('is one immutable asset that holds every symbol the pages name', async () => {
    const article = (await app.api('/api/news?limit=1')).body.data[0].slug;
    const named = new Set<string>();
    for (const path of ['/', '/ru/contact', `/news/${article}`, '/ru/team']) {
      const html = await (await fetch(app.url + path)).text();
      expect(html, path).not.toContain('<path');
      for (const match of html.matchAll(/<use href="([^"]+)"/g)) named.add(match[1]);
    }
    const sprites = new Set([...named].map((href) => href.split('#')[0]));
    expect([...sprites]).toHaveLength(1);
    const [sprite] = sprites;
    expect(sprite).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
    const response = await fetch(app.url + sprite);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const symbols = await response.text();
    for (const href of named) expect(symbols, href).toContain(`<symbol id="${href.split('#')[1]}"`);
    expect(named.size).toBeGreaterThan(15);
  });

  it.skipIf(!CHROME_PATH)('draws every icon as Lucide’s inline drawing, in each size and colour the pages use', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(app.url + '/');
    const sprite = await page.evaluate(() => document.querySelector('use')!.getAttribute('href')!.split('#')[0]);
    const grid = (markup: (icon: site.SpriteIcon, className: string) => string) =>
      CLASSES.map((className) => `<div style="display:flex;gap:4px;padding:4px">${icons.map((icon) => markup(icon, className)).join('')}</div>`).join('');
    const inline = grid((icon, className) => renderToStaticMarkup(createElement(icon.lucide as ComponentType<Record<string, unknown>>, { className, 'aria-hidden': 'true' })));
    const referenced = grid((icon, className) => renderToStaticMarkup(createElement(icon as ComponentType<Record<string, unknown>>, { className, 'aria-hidden': 'true' })).replace(/href="[^"#]*#/, `href="${sprite}#`));
    expect(inline).toContain('<path');
    expect(referenced).not.toContain('<path');
    expect((lucide as unknown as Record<string, unknown>)[icons[0].displayName!]).toBe(icons[0].lucide);
    await page.evaluate(
      ([first, second]) => {
        document.body.innerHTML = `<div id="inline" style="background:#fff;width:fit-content">${first}</div><div id="referenced" style="background:#fff;width:fit-content">${second}</div>`;
      },
      [inline, referenced],
    );
    await page.waitForLoadState('networkidle');
    const [a, b] = [await page.locator('#inline').screenshot(), await page.locator('#referenced').screenshot()];
    expect(await inkedPixels(b)).toBeGreaterThan(2000);
    expect(await differingPixels(a, b)).toBe(0);
    await context.close();
  });
});
