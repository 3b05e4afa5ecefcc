import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPath } from '../../server/api/openapi.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The people finder on /team (API-4.md "Uzbek law and the firm's people"), read as a browser
 * without JavaScript reads it: the HTML of a GET form — its fields, the number of lawyers per
 * choice, the chosen ones kept, the lawyers found, an empty result with a way back — in Uzbek and
 * Russian; the same filters on GET /api/team and their counts on GET /api/team/facets; a lawyer's
 * or a service's change shows on the cached filtered pages at once.
 */

interface Member {
  _id: string;
  slug: string;
  version: number;
  name: Record<string, string>;
  languages: Record<string, string>;
}
interface Service {
  _id: string;
  slug: string;
  version: number;
  lead: string | null;
  title: Record<string, string>;
}
interface Industry {
  _id: string;
  slug: string;
  title: Record<string, string>;
  services: string[];
}

/** The options of the `<select name>` in `html`: value, words, chosen. */
function options(html: string, name: string) {
  const select = html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map(([, value, selected, words]) => ({ value, words: words.replace(/&#x27;/g, "'"), selected: Boolean(selected) }));
}
/** The lawyers a team page lists, by the address of their profile. */
const listed = (html: string, prefix = '') => [...html.matchAll(new RegExp(`<h2 class="text-xl[^>]*><a href="${prefix}/team/([^"]+)"`, 'g'))].map((match) => match[1]);

describe.each(DIALECTS)('the people finder on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let members: Member[];
  let services: Service[];
  let industries: Industry[];
  const page = async (address: string) => {
    const response = await fetch(app.url + address);
    return { status: response.status, html: await response.text() };
  };
  // What the demo's lawyers speak, as their "languages spoken" says it (read here by hand, not by the code under test).
  const speaks: Record<string, string[]> = { 'rustam-aliyev': ['uz', 'ru', 'en'], 'nodira-yusupova': ['uz', 'ru', 'en', 'tr'], 'sardor-toxtayev': ['uz', 'ru'], 'malika-ergasheva': ['uz', 'ru', 'de'] };
  const leads = (member: Member) => services.filter((service) => service.lead === member._id).map((service) => service._id);
  const inIndustry = (member: Member, industry: Industry) => industry.services.some((id) => leads(member).includes(id));

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
    members = (await app.api('/api/team')).body.data;
    services = (await app.api('/api/services')).body.data;
    industries = (await app.api('/api/industries')).body.data;
    expect(members.map((member) => member.slug).sort()).toEqual(Object.keys(speaks).sort());
  });
  afterAll(() => app?.close());

  it('is a GET form on /team that needs no script, with the number of lawyers for each choice', async () => {
    const { status, html } = await page('/team');
    expect(status).toBe(200);
    const form = html.match(/<form[^>]*aria-labelledby="finder-title"[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/team"');
    expect(html).toMatch(/<label for="finder-practice"[^>]*>Faoliyat yo‘nalishi<\/label>/);
    expect(html).toMatch(/<label for="finder-language"[^>]*>Qaysi tilda gaplashadi<\/label>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Ko‘rsatish<\/button>/);
    // No script runs on the public pages (decision 006): the form is the whole finder.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const practice = options(html, 'practice');
    expect(practice[0]).toEqual({ value: '', words: 'Barchasi', selected: true });
    for (const service of services.filter((one) => one.lead)) {
      const count = members.filter((member) => member._id === service.lead).length;
      expect(practice).toContainEqual({ value: service.slug, words: `${service.title.uz} (${count})`, selected: false });
    }
    const industry = options(html, 'industry');
    for (const sector of industries) expect(industry).toContainEqual({ value: sector.slug, words: `${sector.title.uz} (${members.filter((member) => inIndustry(member, sector)).length})`, selected: false });
    const language = options(html, 'language');
    expect(language).toContainEqual({ value: 'de', words: 'Nemischa (1)', selected: false });
    expect(language).toContainEqual({ value: 'en', words: 'Inglizcha (2)', selected: false });
    expect(language).toContainEqual({ value: 'uz', words: 'O‘zbek (4)', selected: false });
    expect(listed(html).sort()).toEqual(Object.keys(speaks).sort());
    expect(html).toContain('Topilgan yuristlar: 4');
    // No filter chosen: no reset link.
    expect(html).not.toContain('Barcha yuristlarni ko‘rsatish');
  });

  it('shows the lawyers the shared address chooses, keeps the choices, and counts each choice with the others kept', async () => {
    const sector = industries.find((one) => members.some((member) => inIndustry(member, one) && speaks[member.slug].includes('en')))!;
    const expected = members.filter((member) => inIndustry(member, sector) && speaks[member.slug].includes('en')).map((member) => member.slug);
    expect(expected.length).toBeGreaterThan(0);
    // As the form sends it: the empty practice too.
    const { status, html } = await page(`/team?practice=&industry=${sector.slug}&language=en`);
    expect(status).toBe(200);
    expect(listed(html).sort()).toEqual(expected.sort());
    expect(html).toContain(`Topilgan yuristlar: ${expected.length}`);
    expect(options(html, 'industry').find((option) => option.selected)?.value).toBe(sector.slug);
    expect(options(html, 'language').find((option) => option.selected)?.value).toBe('en');
    expect(options(html, 'practice').find((option) => option.selected)?.value).toBe('');
    // Each language counts the lawyers of this industry who speak it.
    const german = members.filter((member) => inIndustry(member, sector) && speaks[member.slug].includes('de')).length;
    expect(options(html, 'language')).toContainEqual({ value: 'de', words: `Nemischa (${german})`, selected: false });
    expect(html).toMatch(/<a href="\/team"[^>]*>Barcha yuristlarni ko‘rsatish<\/a>/);
  });

  it('is the same in Russian under /ru/team', async () => {
    const member = members.find((one) => one.slug === 'malika-ergasheva')!;
    const { status, html } = await page('/ru/team?language=de');
    expect(status).toBe(200);
    expect(html).toMatch(/<form[^>]*action="\/ru\/team"/);
    expect(html).toMatch(/<label for="finder-industry"[^>]*>Отрасль<\/label>/);
    expect(options(html, 'language')).toContainEqual({ value: 'de', words: 'Немецкий (1)', selected: true });
    expect(options(html, 'language')[0].words).toBe('Все');
    expect(listed(html, '/ru')).toEqual([member.slug]);
    expect(html).toContain(member.name.ru);
    expect(html).toContain('Найдено юристов: 1');
  });

  it('says when no lawyer matches and links back to all of them', async () => {
    const service = services.find((one) => one.lead && one.lead !== members.find((member) => member.slug === 'malika-ergasheva')!._id)!;
    for (const [address, words, reset] of [
      [`/team?language=de&practice=${service.slug}`, 'Tanlangan shartlarning barchasiga mos yurist topilmadi', '<a href="/team" class="font-semibold'],
      [`/ru/team?language=de&practice=${service.slug}`, 'Ни один юрист не подходит под все выбранные условия', '<a href="/ru/team" class="font-semibold'],
      ['/team?language=fr', 'Tanlangan shartlarning barchasiga mos yurist topilmadi', '<a href="/team" class="font-semibold'],
      ['/team?practice=no-such-service', 'Tanlangan shartlarning barchasiga mos yurist topilmadi', '<a href="/team" class="font-semibold'],
    ]) {
      const { status, html } = await page(address);
      expect(status, address).toBe(200);
      expect(listed(html, address.startsWith('/ru') ? '/ru' : ''), address).toEqual([]);
      expect(html, address).toContain(words);
      expect(html, address).toContain(reset);
    }
    // A language no one speaks, asked for, stays chosen and says 0.
    expect(options((await page('/team?language=fr')).html, 'language')).toContainEqual({ value: 'fr', words: 'Fransuzcha (0)', selected: true });
  });

  it('takes the same filters on GET /api/team, declared in its query, and counts them on GET /api/team/facets', async () => {
    const member = members.find((one) => one.slug === 'nodira-yusupova')!;
    const service = services.find((one) => one.lead === member._id)!;
    const found = await app.api(`/api/team?practice=${service.slug}&language=tr`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((one: Member) => one.slug)).toEqual([member.slug]);
    expect((await app.api(`/api/team?practice=${service._id}&language=de`)).body.data).toEqual([]);
    // Only the fields asked for, though the finder read the languages.
    const fields = await app.api('/api/team?language=en&fields=slug');
    expect(fields.body.data).toEqual(members.filter((one) => speaks[one.slug].includes('en')).map((one) => ({ _id: one._id, slug: one.slug })));
    const facets = await app.api('/api/team/facets?language=en');
    expect(facets.status, facets.text).toBe(200);
    expect(facets.body.data.language).toContainEqual({ value: 'tr', title: 'tr', count: 1 });
    expect(facets.body.data.language).toContainEqual({ value: 'en', title: 'en', count: 2 });
    expect(facets.body.data.practice).toContainEqual({ value: service.slug, title: service.title, count: 1 });
    const document = (await app.api('/api/docs/openapi.json')).body;
    const parameters = document.paths[documentPath('/api/team')].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['practice', 'industry', 'language']));
    expect(document.paths[documentPath('/api/team/facets')].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['practice', 'industry', 'language', 'lang']));
    const long = await app.api(`/api/team?practice=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message ?? long.body.error).toMatch(/practice is too long/);
  });

  it('shows a lawyer’s or a service’s change on the cached filtered pages at once', async () => {
    const address = '/team?language=fr';
    expect(listed((await page(address)).html)).toEqual([]);
    expect(listed((await page(address)).html)).toEqual([]);
    const member = (await app.api('/api/team')).body.data.find((one: Member) => one.slug === 'sardor-toxtayev') as Member;
    const saved = await app.api(`/api/team/${member._id}`, { method: 'PUT', token, body: { languages: { ...member.languages, uz: 'O‘zbek, rus, fransuz' }, version: member.version } });
    expect(saved.status, saved.text).toBe(200);
    expect(listed((await page(address)).html)).toEqual([member.slug]);
    // A service led by someone else given to this lawyer: the practice's page finds them now.
    const service = ((await app.api('/api/services')).body.data as Service[]).find((one) => one.lead && one.lead !== member._id)!;
    const before = `/team?practice=${service.slug}`;
    expect(listed((await page(before)).html)).not.toContain(member.slug);
    const moved = await app.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { lead: member._id, version: service.version } });
    expect(moved.status, moved.text).toBe(200);
    expect(listed((await page(before)).html)).toEqual([member.slug]);
  });
});
