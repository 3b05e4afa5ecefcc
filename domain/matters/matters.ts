import { z } from 'zod';
import { custom, documentText, localizedText, plainText, references, yesNo } from '../shared/fields.ts';
import { defineRecordType } from '../shared/record-type.ts';
import { wholeNumber } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

/** The other side's names, one each (the conflict check of new matters compares them); empty lines dropped. */
const opposingParties = z
  .array(z.string({ error: 'The other side: each name must be text' }).trim().max(300, { message: 'The other side: a name can be at most 300 characters' }), { error: 'The other side must be a list of names' })
  .max(50, { message: 'The other side: at most 50 names' })
  .transform((names) => names.filter(Boolean))
  .describe('The other side of the matter, one name each (at most 50, 300 characters each; empty ones dropped): read by the conflict check of new matters, never given to visitors nor to translators');

const year = wholeNumber({ invalid: 'Year must be a year such as 2025', min: 'Year must be 1950 or later', max: 'Year must be 2100 or earlier' }, { min: 1950, max: 2100 });

/**
 * A deal or a case the firm worked on (API-3.md "The firm's record"). The client is named only
 * with their consent, else the anonymous description ("a European bank"); a confidential matter is
 * never public nor found; the client's real name is kept even when not public (the conflict check
 * reads it), and so are the other side's names, which no visitor ever receives; every public list shows the firm's disclaimer, and none is public while
 * the disclaimer is empty in the default language (the checks' `disclaimer_missing`).
 */
export const matters = defineRecordType({
  name: 'matters',
  table: 'matters',
  label: 'Matter',
  fields: {
    title: localizedText('Title', { required: true, search: true, label: texts('What the firm did', 'Что сделала фирма', 'Firma nima qildi') }),
    summary: documentText('Summary', { required: true, search: true, label: texts('Summary', 'Описание', 'Tavsif') }),
    year: custom({ storage: 'int', schema: () => year, widget: 'number', default: () => new Date().getFullYear(), filter: { param: 'year', kind: 'value' }, label: texts('Year', 'Год', 'Yil') }),
    value: plainText('Value', { max: 100, label: texts('Value (optional, e.g. USD 40 million)', 'Сумма (необязательно, напр. 40 млн долларов США)', 'Qiymati (ixtiyoriy, masalan, 40 mln AQSh dollari)') }),
    services: references('Services', 'services', { filter: 'service', label: texts('Services', 'Услуги', 'Xizmatlar') }),
    industries: references('Industries', 'industries', { filter: 'industry', label: texts('Industries', 'Отрасли', 'Sohalar') }),
    lawyers: references('Lawyers', 'team', { filter: 'lawyer', label: texts('Lawyers', 'Юристы', 'Yuristlar') }),
    client: localizedText('Client', { label: texts('Client (shown only with their consent)', 'Клиент (виден только с его согласия)', 'Mijoz (faqat uning roziligi bilan ko‘rsatiladi)') }),
    clientConsent: yesNo('Client consent', { default: false, label: texts('The client agreed to be named', 'Клиент согласился, чтобы его назвали', 'Mijoz nomi ko‘rsatilishiga rozi') }),
    anonymousClient: localizedText('Anonymous client', { label: texts('Client without their name (“a European bank”)', 'Клиент без имени («европейский банк»)', 'Mijoz nomisiz («Yevropa banki»)') }),
    opposingParties: custom({
      storage: 'json',
      schema: () => opposingParties,
      widget: 'names',
      default: () => [],
      label: texts('The other side (one name a line; never on the site)', 'Другая сторона (по одному имени в строке; на сайте не показывается)', 'Qarama-qarshi tomon (har qatorda bitta nom; saytda ko‘rsatilmaydi)'),
    }),
    confidential: yesNo('Confidential', { default: false, filter: 'confidential', label: texts('Confidential: never on the site', 'Конфиденциально: никогда на сайте', 'Maxfiy: saytda hech qachon ko‘rsatilmaydi') }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  hiddenWhen: 'confidential',
  // A confidential matter's client, value and other side are for the firm's lawyers and editors, not translators.
  confidentialFields: ['client', 'value', 'opposingParties'],
  // A visitor never receives a client's name given without consent, nor the other side (not even in the API's JSON).
  visitorView: (record) => ({ opposingParties: [], ...(record.clientConsent === true ? {} : { client: {} }) }),
  rules: (values) =>
    values.clientConsent === true && !Object.values(z.record(z.string(), z.string()).catch({}).parse(values.client)).some((name) => name.trim())
      ? [{ path: 'client', message: 'Client: write the client’s name, or untick “The client agreed to be named”', code: 'required' }]
      : [],
  sort: ['-year', '-createdAt'],
  publicPath: '/matters',
  // Found by the site search, each shown in the list of matters (which carries the disclaimer).
  site: { list: 'routes/site/matters.tsx', search: true, hitPath: (record) => `/matters#matter-${record._id}` },
  disclaimer: 'legal.mattersDisclaimer',
  admin: {
    icon: 'scale',
    title: texts('Matters', 'Дела и сделки', 'Ishlar va bitimlar'),
    one: texts('matter', 'дело', 'ish'),
    confirmDelete: texts('Delete this matter?', 'Удалить это дело?', 'Bu ishni o‘chirasizmi?'),
    deleteFailed: texts('Failed to delete matter', 'Не удалось удалить дело', 'Ishni o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'year',
    placement: 'page',
  },
});
