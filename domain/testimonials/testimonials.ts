import { custom, image, localizedText, plainText, position, yesNo } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { MEDIUM_TEXT, wholeNumber } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const rating = wholeNumber({ invalid: 'Rating must be a number from 1 to 5' }, { min: 1, max: 5 });

export const testimonials = defineRecordType({
  name: 'testimonials',
  table: 'testimonials',
  label: 'Testimonial',
  fields: {
    name: plainText('Name', { required: true, max: 200 }),
    position: localizedText('Position', { required: true, max: 200 }),
    company: localizedText('Company', { required: true, max: 200 }),
    content: localizedText('Content', { required: true, max: MEDIUM_TEXT, multiline: true }),
    rating: custom({ storage: 'int', schema: () => rating, widget: 'select', options: ['1', '2', '3', '4', '5'], default: () => 5 }),
    service: plainText('Service', { max: 200, filter: 'service' }),
    image: image(),
    order: position(),
    featured: yesNo('Featured', { default: false, filter: 'featured', toggle: true }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  admin: {
    homeBlock: true,
    icon: 'quote',
    title: texts('Testimonials', 'Отзывы', 'Mijozlar fikri'),
    one: texts('testimonial', 'отзыв', 'fikr'),
    confirmDelete: texts('Are you sure you want to delete this testimonial?', 'Вы уверены, что хотите удалить этот отзыв?', 'Haqiqatan ham bu fikrni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete testimonial', 'Не удалось удалить отзыв', 'Fikrni o‘chirib bo‘lmadi'),
    titleField: 'name',
    subtitleField: 'company',
    placement: 'inline',
  },
});
/** @public The stored record, for code that reads this type. */
export type Testimonial = RecordOf<typeof testimonials>;
