import { z } from 'zod';
import { custom, documentText, localizedText, plainText, references, yesNo } from '../shared/fields.ts';
import { defineRecordType } from '../shared/record-type.ts';
import { wholeNumber } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const year = wholeNumber({ invalid: 'Year must be a year such as 2025', min: 'Year must be 1950 or later', max: 'Year must be 2100 or earlier' }, { min: 1950, max: 2100 });

/**
 * A deal or a case the firm worked on (API-3.md "The firm's record"). The client is named only
 * with their consent, else the anonymous description ("a European bank"); a confidential matter is
 * never public nor found; every public list shows the firm's disclaimer, and none is public while
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
    confidential: yesNo('Confidential', { default: false, filter: 'confidential', label: texts('Confidential: never on the site', 'Конфиденциально: никогда на сайте', 'Maxfiy: saytda hech qachon ko‘rsatilmaydi') }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  hiddenWhen: 'confidential',
  // A visitor never receives a client's name given without consent (not even in the API's JSON).
  visitorView: (record) => (record.clientConsent === true ? {} : { client: {} }),
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
