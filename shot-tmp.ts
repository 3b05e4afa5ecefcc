import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3100';
const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.uz', password: 'admin-password-1' }) })).json();
const token = login.data.token;
for (let n = 0; n < 60; n += 1) await fetch(`${base}/api/news`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: { uz: `Yangilik ${n}`, ru: `Новость ${n}` }, excerpt: { uz: 'Qisqa' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' } }) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [lang, width] of [['uz', 375], ['ru', 1280], ['uz', 1024], ['ru', 375]] as const) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(([t, l]) => { localStorage.setItem('token', t); localStorage.setItem('i18nextLng', l); }, [token, lang]);
  const page = await context.newPage();
  await page.goto(`${base}/admin/news`);
  await page.waitForSelector('#admin-main h1');
  await page.locator('nav[aria-label] button').last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/pager-${lang}-${width}.png` });
  await page.goto(`${base}/admin/languages`);
  await page.waitForSelector('#admin-main h1');
  await page.locator('button[aria-label$=": Russian"], button[aria-label$=": Русский"], button[aria-label$=": Rus tili"]').first().click().catch(() => page.locator('#admin-main ul li button').nth(0).click());
  await page.locator('details > summary').first().click();
  await page.locator('#preview-page').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/preview-${lang}-${width}.png` });
  await context.close();
}
await browser.close();
