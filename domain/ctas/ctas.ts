import { choice, localizedText, position, siteLink, yesNo } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { MEDIUM_TEXT } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const CTA_CATEGORIES = ['home', 'services', 'contact', 'footer'] as const;
const CTA_BACKGROUNDS = ['primary', 'secondary', 'gray', 'white'] as const;

export const ctas = defineRecordType({
  name: 'ctas',
  table: 'ctas',
  label: 'CTA',
  fields: {
    title: localizedText('Title', { required: true }),
    subtitle: localizedText('Subtitle', { required: true, max: MEDIUM_TEXT, multiline: true }),
    primaryButtonText: localizedText('Primary Button Text', { required: true, max: 100 }),
    primaryButtonLink: siteLink('Primary Button Link', { default: '/contact' }),
    secondaryButtonText: localizedText('Secondary Button Text', { max: 100 }),
    secondaryButtonLink: siteLink('Secondary Button Link', { default: '/team' }),
    backgroundColor: choice('Background', CTA_BACKGROUNDS, { default: 'primary', labels: { primary: texts('Primary colour', 'Основной цвет', 'Asosiy rang'), secondary: texts('Secondary colour', 'Дополнительный цвет', 'Qo‘shimcha rang'), gray: texts('Gray', 'Серый', 'Kulrang'), white: texts('White', 'Белый', 'Oq') } }),
    category: choice('Category', CTA_CATEGORIES, { default: 'home', filter: 'category', labels: { home: texts('Home page', 'Главная страница', 'Bosh sahifa'), services: texts('Services', 'Услуги', 'Xizmatlar'), contact: texts('Contact page', 'Страница контактов', 'Aloqa sahifasi'), footer: texts('Footer', 'Подвал сайта', 'Pastki qism') } }),
    order: position(),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  admin: {
    homeBlock: true,
    icon: 'megaphone',
    title: texts('Calls to action', 'Призывы к действию', 'Chaqiriq bloklari'),
    one: texts('CTA', 'блок', 'blok'),
    confirmDelete: texts('Are you sure you want to delete this CTA?', 'Вы уверены, что хотите удалить этот блок?', 'Haqiqatan ham bu blokni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete CTA', 'Не удалось удалить блок', 'Blokni o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'category',
    placement: 'inline',
  },
});
/** @public The stored record, for code that reads this type. */
export type CallToAction = RecordOf<typeof ctas>;
