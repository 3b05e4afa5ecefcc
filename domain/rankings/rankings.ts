import { z } from 'zod';
import { custom, image, localizedText, plainText, reference, yesNo } from '../shared/fields.ts';
import { defineRecordType } from '../shared/record-type.ts';
import { wholeNumber } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const edition = wholeNumber({ invalid: 'Edition must be a year such as 2026', min: 'Edition must be 1990 or later', max: 'Edition must be 2100 or earlier' }, { min: 1990, max: 2100 });

/** A ranking must cite its guide: the page of the guide that says it, over https. */
const sourceUrl = z
  .string({ error: 'Source link is required: the guide’s page that shows this ranking' })
  .trim()
  .min(1, 'Source link is required: the guide’s page that shows this ranking')
  .max(2000, 'Source link is too long')
  .refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), { message: 'Source link must be an https:// address of the guide’s page', params: { code: 'invalid_url' } });

/** The moment a ranking leaves the site: the end of the year after its edition (UTC), unless renewed. */
const rankingShownUntil = (record: Record<string, unknown>): string | null =>
  record.renewed === true || typeof record.edition !== 'number' ? null : `${record.edition + 2}-01-01T00:00:00.000Z`;

/**
 * A guide's ranking of the firm or of one lawyer (Chambers, Legal 500, IFLR1000): it cites its
 * guide, edition and source, shows the guide's logo only under licence, and leaves the site after
 * the end of its edition's next year unless renewed (API-3.md "The firm's record").
 */
export const rankings = defineRecordType({
  name: 'rankings',
  table: 'rankings',
  label: 'Ranking',
  fields: {
    guide: plainText('Guide', { required: true, max: 100, search: true, label: texts('Guide', 'Рейтинг', 'Reyting') }),
    edition: custom({ storage: 'int', schema: () => edition, widget: 'number', required: 'always', label: texts('Edition (year)', 'Издание (год)', 'Nashr (yil)') }),
    practice: localizedText('Practice', { required: true, max: 200, search: true, label: texts('Practice area', 'Практика', 'Amaliyot sohasi') }),
    tier: plainText('Tier', { required: true, max: 100, label: texts('Tier or band (Band 1, Tier 2, Recommended)', 'Уровень (Band 1, Tier 2, Recommended)', 'Daraja (Band 1, Tier 2, Recommended)') }),
    team: reference('Lawyer', 'team', { filter: 'lawyer', label: texts('Lawyer (empty: the firm)', 'Юрист (пусто — фирма)', 'Yurist (bo‘sh — firma)') }),
    sourceUrl: custom({ storage: 'text', schema: () => sourceUrl, widget: 'url', required: 'always', label: texts('Source link (https)', 'Ссылка на источник (https)', 'Manba havolasi (https)') }),
    logo: image({ label: texts('Guide’s logo', 'Логотип рейтинга', 'Reyting logotipi') }),
    logoLicensed: yesNo('Logo licensed', { default: false, label: texts('The firm has a licence to show this logo', 'У фирмы есть лицензия на этот логотип', 'Firmada bu logotipni ko‘rsatish litsenziyasi bor') }),
    renewed: yesNo('Renewed', { default: false, label: texts('Renewed: keep it after its edition’s next year', 'Продлён: показывать и после следующего года', 'Yangilangan: keyingi yildan keyin ham ko‘rsatish') }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  publicUntil: rankingShownUntil,
  publicUntilIsDay: true,
  sort: ['-edition', 'guide'],
  admin: {
    icon: 'award',
    title: texts('Rankings', 'Рейтинги', 'Reytinglar'),
    one: texts('ranking', 'рейтинг', 'reyting'),
    confirmDelete: texts('Delete this ranking?', 'Удалить этот рейтинг?', 'Bu reytingni o‘chirasizmi?'),
    deleteFailed: texts('Failed to delete ranking', 'Не удалось удалить рейтинг', 'Reytingni o‘chirib bo‘lmadi'),
    titleField: 'guide',
    subtitleField: 'practice',
    placement: 'modal',
  },
});
