import { choice, iconName, localizedText, position, yesNo } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { MEDIUM_TEXT } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const FEATURE_CATEGORIES = ['whyChoose', 'services', 'general'] as const;

export const features = defineRecordType({
  name: 'features',
  table: 'features',
  label: 'Feature',
  fields: {
    title: localizedText('Title', { required: true }),
    description: localizedText('Description', { required: true, max: MEDIUM_TEXT, multiline: true }),
    icon: iconName(),
    category: choice('Category', FEATURE_CATEGORIES, { default: 'whyChoose', filter: 'category', labels: { whyChoose: texts('Why choose us', 'Почему мы', 'Nega biz'), services: texts('Services', 'Услуги', 'Xizmatlar'), general: texts('General', 'Общее', 'Umumiy') } }),
    order: position(),
    featured: yesNo('Featured', { default: false, filter: 'featured', toggle: true }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  admin: {
    homeBlock: true,
    icon: 'sparkles',
    title: texts('Why choose us', 'Почему мы', 'Nega biz'),
    one: texts('feature', 'преимущество', 'afzallik'),
    confirmDelete: texts('Are you sure you want to delete this feature?', 'Вы уверены, что хотите удалить это преимущество?', 'Haqiqatan ham bu afzallikni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete feature', 'Не удалось удалить преимущество', 'Afzallikni o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'category',
    placement: 'inline',
  },
});
/** @public The stored record, for code that reads this type. */
export type Feature = RecordOf<typeof features>;
