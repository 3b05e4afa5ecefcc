import { z } from 'zod';
import { choice, custom, documentText, localizedText, slug, yesNo } from '../shared/fields.ts';
import { defineRecordType } from '../shared/record-type.ts';
import { dateTime } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

/** schema.org's employment types (JobPosting.employmentType). */
const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'] as const;

const closesAt = dateTime('Closes at').pipe(z.string({ error: 'Closes at is required: the moment applications end' }));

/**
 * A vacancy at the firm (API-3.md "Intake, secure documents and careers"): at `/careers` and
 * `/careers/{slug}` with `JobPosting` JSON-LD until `closesAt`; after it the vacancy leaves the
 * list and the sitemap, and its page says it is closed.
 */
export const vacancies = defineRecordType({
  name: 'vacancies',
  table: 'vacancies',
  label: 'Vacancy',
  fields: {
    title: localizedText('Title', { required: true, search: true, label: texts('Position', 'Должность', 'Lavozim') }),
    slug: slug({ from: 'title' }),
    description: documentText('Description', { required: true, search: true, label: texts('Description: the work, what we ask, what we offer', 'Описание: работа, требования, что мы предлагаем', 'Tavsif: ish, talablar, biz nima taklif qilamiz') }),
    practice: localizedText('Practice', { max: 200, label: texts('Practice area', 'Практика', 'Amaliyot sohasi') }),
    employmentType: choice('Employment type', EMPLOYMENT_TYPES, { default: 'FULL_TIME', label: texts('Employment type', 'Тип занятости', 'Bandlik turi'), labels: { FULL_TIME: texts('Full time', 'Полная занятость', 'To‘liq stavka'), PART_TIME: texts('Part time', 'Частичная занятость', 'Yarim stavka'), CONTRACTOR: texts('Contract work', 'Работа по договору', 'Shartnoma asosida ish'), TEMPORARY: texts('Temporary', 'Временная работа', 'Vaqtinchalik ish'), INTERN: texts('Internship', 'Стажировка', 'Amaliyot (stajirovka)'), VOLUNTEER: texts('Volunteer', 'Волонтёрство', 'Ko‘ngillilik'), PER_DIEM: texts('Paid by the day', 'Подённая оплата', 'Kunbay ish'), OTHER: texts('Other', 'Другое', 'Boshqa') } }),
    location: localizedText('Location', { required: true, max: 200, label: texts('Location', 'Место работы', 'Ish joyi') }),
    closesAt: custom({ storage: 'time', schema: () => closesAt, widget: 'datetime', required: 'always', label: texts('Applications close at', 'Приём заявок до', 'Arizalar qabul qilinadi') }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  publicUntil: (record) => (typeof record.closesAt === 'string' ? record.closesAt : null),
  rules: (values, { creating, now }) =>
    creating && typeof values.closesAt === 'string' && values.closesAt <= now ? [{ path: 'closesAt', message: 'Applications close at: choose a moment that has not passed yet', code: 'in_past' }] : [],
  sort: ['closesAt', '-createdAt'],
  publicPath: '/careers',
  site: { list: 'routes/site/careers.tsx', detail: 'routes/site/vacancy.tsx', search: true, jsonLd: 'JobPosting', preview: true },
  snippet: { title: ['title'] },
  admin: {
    icon: 'briefcase',
    title: texts('Vacancies', 'Вакансии', 'Bo‘sh ish o‘rinlari'),
    one: texts('vacancy', 'вакансия', 'bo‘sh ish o‘rni'),
    confirmDelete: texts('Delete this vacancy?', 'Удалить эту вакансию?', 'Bu bo‘sh ish o‘rnini o‘chirasizmi?'),
    deleteFailed: texts('Failed to delete vacancy', 'Не удалось удалить вакансию', 'Bo‘sh ish o‘rnini o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'location',
    placement: 'page',
  },
});
