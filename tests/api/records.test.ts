import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentToText, isDocument } from '../../domain/documents/document.ts';
import { RECORD_TYPES as REGISTRY } from '../../domain/registry.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** A record with each document as its plain text: what a client of the first API sent. */
const plain = (record: unknown) => JSON.parse(JSON.stringify(record), (_key, value) => (isDocument(value) ? documentToText(value) : value));

/*
 * Every record type through the real HTTP server: create, read, list, update, delete; the
 * messages of SPEC.md section 5 for every required field; auth on every write; and what a
 * visitor may see compared with admin=true.
 */

const uz = (text: string) => ({ uz: text, ru: `${text} (ru)`, en: `${text} (en)` });

interface RecordType {
  path: string;
  valid: Record<string, unknown>;
  update: Record<string, unknown>;
  /** A field change that hides the record from visitors. */
  hide: Record<string, unknown>;
  /** The messages a create with an empty body must name. */
  required: string[];
  defaults?: Record<string, unknown>;
}

const RECORD_TYPES: RecordType[] = [
  {
    path: '/team',
    valid: { name: uz('Aziz'), position: uz('Advokat'), specialization: uz('Soliq'), education: uz('TDYU'), bio: uz('Tajribali'), experience: '10', email: 'aziz@example.uz', phone: '+998 90 000 00 00' },
    update: { experience: '11', linkedin: 'https://linkedin.com/in/aziz' },
    hide: { isActive: false },
    required: ['Name (UZ) is required', 'Position (UZ) is required', 'Specialization (UZ) is required', 'Experience is required', 'Education (UZ) is required', 'Bio (UZ) is required', 'Email is required', 'Phone is required'],
    defaults: { isActive: true, order: 0, linkedin: '', image: '' },
  },
  {
    path: '/news',
    valid: { title: uz('Yangilik'), excerpt: uz('Qisqacha'), content: uz('Matn'), category: uz('Qonun') },
    update: { featured: true },
    hide: { published: false },
    required: ['Title (UZ) is required', 'Excerpt (UZ) is required', 'Content (UZ) is required', 'Category (UZ) is required'],
    defaults: { published: true, featured: false, views: 0, tags: [], date: new Date().toISOString().slice(0, 10) },
  },
  {
    path: '/blog',
    valid: { title: uz('Maqola'), excerpt: uz('Qisqacha'), content: uz('Matn'), category: uz('Biznes'), readTime: '5 min' },
    update: { readTime: '6 min', tags: [uz('soliq')] },
    hide: { published: false },
    required: ['Title (UZ) is required', 'Excerpt (UZ) is required', 'Content (UZ) is required', 'Category (UZ) is required'],
    defaults: { published: true, featured: false, views: 0 },
  },
  {
    path: '/partners',
    valid: { name: uz('Hamkor'), type: uz('Firma'), location: uz('Toshkent'), description: uz('Tavsif'), email: 'partner@example.uz' },
    update: { specialties: [uz('Soliq'), 'Arbitration'], partnershipType: 'strategic' },
    hide: { isActive: false },
    required: ['Name (UZ) is required', 'Type (UZ) is required', 'Location (UZ) is required', 'Description (UZ) is required', 'Email is required'],
    defaults: { isActive: true, order: 0, partnershipType: 'collaboration', specialties: [] },
  },
  {
    path: '/hero',
    valid: {
      title: uz('Sarlavha'), titleHighlight: uz('Ajratilgan'), subtitle: uz('Izoh'), getConsultationText: uz('Maslahat'), meetTeamText: uz('Jamoa'),
      satisfiedClientsText: uz('mijozlar'), cardTitle: uz('Karta'), cardSubtitle: uz('Karta izohi'), features: [{ text: uz('Bepul'), order: 0 }],
    },
    update: { satisfiedClientsCount: '900+' },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Title Highlight (UZ) is required', 'Subtitle (UZ) is required', 'Consultation Text (UZ) is required', 'Meet Team Text (UZ) is required', 'Satisfied Clients Text (UZ) is required', 'Card Title (UZ) is required', 'Card Subtitle (UZ) is required'],
    defaults: { satisfiedClientsCount: '500+', isActive: true, order: 0 },
  },
  {
    path: '/services',
    valid: { title: uz('Xizmat'), description: uz('Tavsif'), features: [{ text: uz('Birinchi') }] },
    update: { category: 'family', featured: true },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Description (UZ) is required'],
    defaults: { icon: 'Shield', category: 'corporate', isActive: true, order: 0, featured: false },
  },
  {
    path: '/stats',
    valid: { number: 25, label: uz('yil tajriba') },
    update: { number: 26, suffix: '+' },
    hide: { isActive: false },
    required: ['Number is required', 'Label (UZ) is required'],
    defaults: { icon: 'Shield', category: 'general', isActive: true, order: 0 },
  },
  {
    path: '/features',
    valid: { title: uz('Tajriba'), description: uz('Tavsif') },
    update: { featured: true, icon: 'Award' },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Description (UZ) is required'],
    defaults: { icon: 'Shield', category: 'whyChoose', isActive: true, order: 0, featured: false },
  },
  {
    path: '/testimonials',
    valid: { name: 'Dilshod', position: uz('Direktor'), company: uz('Kompaniya'), content: uz('Rahmat') },
    update: { rating: 4, featured: true },
    hide: { isActive: false },
    required: ['Name is required', 'Position (UZ) is required', 'Company (UZ) is required', 'Content (UZ) is required'],
    defaults: { rating: 5, isActive: true, order: 0, featured: false },
  },
  {
    path: '/ctas',
    valid: { title: uz('Savol bormi?'), subtitle: uz('Yozing'), primaryButtonText: uz('Maslahat') },
    update: { backgroundColor: 'gray', secondaryButtonLink: '/services' },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Subtitle (UZ) is required', 'Primary Button Text (UZ) is required'],
    defaults: { primaryButtonLink: '/contact', secondaryButtonLink: '/team', backgroundColor: 'primary', category: 'home', isActive: true, order: 0 },
  },
  {
    path: '/faqs',
    valid: { question: uz('Narxi qancha?'), answer: uz('Birinchi maslahat bepul.') },
    update: { order: 3, answer: uz('Bepul, 30 daqiqa.') },
    hide: { isActive: false },
    required: ['Question (UZ) is required', 'Answer (UZ) is required'],
    defaults: { service: '', isActive: true, order: 0 },
  },
  {
    path: '/pages',
    valid: { title: uz('Maxfiylik siyosati'), body: uz('Birinchi xatboshi.\n\nIkkinchi xatboshi.') },
    update: { title: uz('Maxfiylik siyosati (yangi)') },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Body (UZ) is required'],
    defaults: { isActive: true, slug: 'maxfiylik-siyosati' },
  },
  {
    path: '/industries',
    valid: { title: uz('Energetika'), description: uz('Quyosh va shamol.') },
    update: { order: 2 },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Description (UZ) is required'],
    defaults: { services: [], isActive: true, order: 0, slug: 'energetika' },
  },
  {
    path: '/matters',
    valid: { title: uz('Kredit bitimi'), summary: uz('Sindikatlangan kredit.'), year: 2025, anonymousClient: uz('Yevropa banki') },
    update: { value: 'USD 40 mln' },
    hide: { confidential: true },
    required: ['Title (UZ) is required', 'Summary (UZ) is required'],
    defaults: { services: [], industries: [], lawyers: [], clientConsent: false, confidential: false, isActive: true, value: '' },
  },
  {
    path: '/rankings',
    valid: { guide: 'Chambers Global', edition: new Date().getUTCFullYear(), practice: uz('Bank va moliya'), tier: 'Band 1', sourceUrl: 'https://chambers.com/uz' },
    update: { tier: 'Band 2' },
    hide: { isActive: false },
    required: ['Guide is required', 'Edition must be a year such as 2026', 'Practice (UZ) is required', 'Tier is required', 'Source link is required: the guide’s page that shows this ranking'],
    defaults: { team: '', logo: '', logoLicensed: false, renewed: false, isActive: true },
  },
  {
    path: '/events',
    valid: { title: uz('Soliq seminari'), description: uz('Yangi kodeks.'), startsAt: '2099-02-01T05:00:00.000Z', endsAt: '2099-02-01T07:00:00.000Z', venue: uz('Toshkent') },
    update: { capacity: 40 },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Description (UZ) is required', 'Starts at must be a date and time', 'Ends at must be a date and time'],
    defaults: { mode: 'offline', onlineUrl: '', capacity: 0, registrationClosesAt: null, speakers: [], topics: [], slidesUrl: '', recordingUrl: '', isActive: true, slug: 'soliq-seminari' },
  },
  {
    path: '/vacancies',
    valid: { title: uz('Yurist'), description: uz('Korporativ amaliyot.'), location: uz('Toshkent'), closesAt: '2099-01-31T13:00:00.000Z' },
    update: { employmentType: 'PART_TIME' },
    hide: { isActive: false },
    required: ['Title (UZ) is required', 'Description (UZ) is required', 'Location (UZ) is required', 'Closes at must be a date and time'],
    defaults: { employmentType: 'FULL_TIME', isActive: true, practice: {}, slug: 'yurist', closesAt: '2099-01-31T13:00:00.000Z' },
  },
];

it('covers every record type of the registry', () => {
  expect(RECORD_TYPES.map((type) => type.path).sort()).toEqual(REGISTRY.map((type) => `/${type.name}`).sort());
});

describe.each(DIALECTS)('every record type on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app.close());

  describe.each(RECORD_TYPES)('$path', (type) => {
    it('is created with its defaults, read, listed, updated and deleted', async () => {
      const created = await app.api(`/api${type.path}`, { body: type.valid, token });
      expect(created.status).toBe(201);
      expect(created.body.success).toBe(true);
      const record = created.body.data;
      expect(record._id).toMatch(/^[0-9a-f]{24}$/);
      expect(record.version).toBe(1);
      expect(Date.parse(record.createdAt)).not.toBeNaN();
      expect(plain(record)).toMatchObject(type.defaults ?? {});

      // Long texts come back as documents (API-3.md); their words are what was sent.
      const read = await app.api(`/api${type.path}/${record._id}`);
      expect(read.status).toBe(200);
      expect(plain(read.body.data)).toMatchObject({ ...type.valid, _id: record._id });
      expect((await app.api(`/api${type.path}/${record._id}?format=text`)).body.data).toMatchObject({ ...type.valid, _id: record._id });

      const list = await app.api(`/api${type.path}`);
      expect(list.body.data.map((r: { _id: string }) => r._id)).toContain(record._id);

      const updated = await app.api(`/api${type.path}/${record._id}`, { method: 'PUT', body: type.update, token });
      expect(updated.status).toBe(200);
      expect(plain(updated.body.data)).toMatchObject({ ...type.valid, ...type.update, version: 2 });
      expect(updated.body.data.updatedAt >= record.updatedAt).toBe(true);

      const deleted = await app.api(`/api${type.path}/${record._id}`, { method: 'DELETE', token });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ success: true, data: null });
      expect((await app.api(`/api${type.path}/${record._id}`)).status).toBe(404);
      expect((await app.api(`/api${type.path}/${record._id}`, { method: 'DELETE', token })).status).toBe(404);
    });

    it('names every missing required field with the exact message', async () => {
      const response = await app.api(`/api${type.path}`, { body: {}, token });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.details.map((d: { message: string }) => d.message)).toEqual(type.required);
      expect(response.body.error).toBe(type.required[0]);
    });

    it('refuses every write without a token, with a wrong token and after logout', async () => {
      const created = (await app.api(`/api${type.path}`, { body: type.valid, token })).body.data;
      const session = await app.login();
      await app.api('/api/auth/logout', { method: 'POST', token: session });
      for (const badToken of [undefined, 'wrong-token', session]) {
        const attempts = [
          app.api(`/api${type.path}`, { body: type.valid, token: badToken }),
          app.api(`/api${type.path}/${created._id}`, { method: 'PUT', body: type.update, token: badToken }),
          app.api(`/api${type.path}/${created._id}`, { method: 'DELETE', token: badToken }),
          app.api(`/api${type.path}?admin=true`, { token: badToken }),
        ];
        for (const response of await Promise.all(attempts)) {
          expect(response.status).toBe(401);
          expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
        }
      }
      const unchanged = await app.api(`/api${type.path}/${created._id}`);
      expect(unchanged.body.data.version).toBe(1);
    });

    it('hides inactive records and drafts from visitors but not from admin=true', async () => {
      const hidden = (await app.api(`/api${type.path}`, { body: { ...type.valid, ...type.hide }, token })).body.data;
      const publicList = await app.api(`/api${type.path}`);
      expect(publicList.body.data.map((r: { _id: string }) => r._id)).not.toContain(hidden._id);
      expect((await app.api(`/api${type.path}/${hidden._id}`)).status).toBe(404);
      const adminList = await app.api(`/api${type.path}?admin=true&limit=100`, { token });
      expect(adminList.body.data.map((r: { _id: string }) => r._id)).toContain(hidden._id);
      expect((await app.api(`/api${type.path}/${hidden._id}?admin=true`, { token })).status).toBe(200);
    });
  });
});
