import vCardParser from 'vcf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * A lawyer's card at /team/{slug}.vcf (vCard 4.0, RFC 6350), read back by a vCard library no one
 * here wrote (`vcf`); the profile links it and shows it as a QR code; only a public profile has one.
 */

const BASE = 'https://lawfirm.test';

describe.each(DIALECTS)('a lawyer’s card (%s)', (dialect) => {
  let app: TestApp;
  let token: string;
  const get = async (path: string) => {
    const response = await fetch(app.url + path, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
  });
  afterAll(() => app?.close());

  it('is a vCard 4.0 with the name in each language, position, firm, e-mail, phone, address and languages spoken', async () => {
    const member = (await app.api('/api/team?limit=1')).body.data[0];
    const config = (await app.api('/api/site-config')).body.data;
    const response = await get(`/team/${member.slug}.vcf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${member.slug}.vcf"`);
    expect(response.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const [card] = vCardParser.parse(response.text);
    expect(card.version).toBe('4.0');
    const values = (name: string) => {
      const found = card.get(name);
      return (Array.isArray(found) ? found : found ? [found] : []).map((property) => ({ value: property.valueOf(), params: property.toJSON()[1] }));
    };
    expect(values('fn')).toEqual(expect.arrayContaining([expect.objectContaining({ value: member.name.uz, params: expect.objectContaining({ language: 'uz', altid: '1' }) })]));
    expect(values('fn').map((item) => item.value)).toContain(member.name.ru);
    expect(values('n')[0].value).toBe(`${member.name.uz.split(' ').pop()};${member.name.uz.split(' ').slice(0, -1).join(' ')};;;`);
    expect(values('title')[0].value).toBe(member.position.uz);
    expect(values('org')[0].value).toBe(config.companyName.uz);
    expect(values('email')[0].value).toBe(member.email);
    expect(values('tel')[0].value).toBe(`tel:${member.phone.replace(/[^\d+]/g, '')}`);
    expect(values('url')[0].value).toBe(`${BASE}/team/${member.slug}`);
    expect(values('lang').map((item) => item.value)).toEqual(expect.arrayContaining(['uz', 'ru']));
  });

  it('is linked from the profile, also as a QR code, and the profile is still the page', async () => {
    const member = (await app.api('/api/team?limit=1')).body.data[0];
    const page = await get(`/ru/team/${member.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="/team/${member.slug}.vcf"`);
    expect(page.text).toMatch(/<svg[^>]*aria-hidden="true"[^>]*data-qr=""[^>]*>[\s\S]*?<path d="M\d/);
    expect(page.text).toMatch(/<figcaption[^>]*>Отсканируйте, чтобы сохранить контакт: /);
    expect(page.text).not.toMatch(/<script[^>]*>[^<]*uqr/);
  });

  it('is there only for a public profile: 404 for an unknown or hidden lawyer', async () => {
    expect((await get('/team/no-such-lawyer.vcf')).status).toBe(404);
    expect((await get('/team/..%2Fetc.vcf')).status).toBe(404);
    const member = (await app.api('/api/team?limit=1')).body.data[0];
    const hidden = await app.api(`/api/team/${member._id}`, { method: 'PUT', token, body: { isActive: false, version: member.version } });
    expect(hidden.status, hidden.text).toBe(200);
    expect((await get(`/team/${member.slug}.vcf`)).status).toBe(404);
    await app.api(`/api/team/${member._id}`, { method: 'PUT', token, body: { isActive: true, version: hidden.body.data.version } });
  });
});
