import { localizedText, slug, yesNo, documentText } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { texts } from '../shared/texts.ts';

/** The pages of text the site has an address for (/privacy, /terms, /disclaimer). */
export const TEXT_PAGE_SLUGS = ['privacy', 'terms', 'disclaimer'];

/** A page of text at /{slug}: the privacy policy, terms of service, disclaimer and the like. */
export const pages = defineRecordType({
  name: 'pages',
  table: 'pages',
  label: 'Page',
  fields: {
    title: localizedText('Title', { required: true, search: true }),
    slug: slug({ from: 'title' }),
    body: documentText('Body', { required: true, search: true, label: texts('Text', 'Текст', 'Matn') }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['slug'],
  // Found by the site search, at its own address.
  site: { search: true, addressed: true, hitPath: (record) => (TEXT_PAGE_SLUGS.includes(String(record.slug)) ? `/${String(record.slug)}` : undefined) },
  publicPath: '',
  snippet: { title: ['title'] },
  admin: {
    icon: 'scroll',
    title: texts('Pages', 'Страницы', 'Sahifalar'),
    one: texts('page', 'страница', 'sahifa'),
    confirmDelete: texts('Are you sure you want to delete this page?', 'Вы уверены, что хотите удалить эту страницу?', 'Haqiqatan ham bu sahifani o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete page', 'Не удалось удалить страницу', 'Sahifani o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'slug',
    placement: 'page',
  },
});
export type Page = RecordOf<typeof pages>;

