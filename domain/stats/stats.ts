import { choice, custom, iconName, localizedText, plainText, position, yesNo } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { wholeNumber } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const STAT_CATEGORIES = ['general', 'experience', 'clients', 'cases'] as const;

const statNumber = wholeNumber({ invalid: 'Number is required', min: 'Number must be 0 or more', max: 'Number is too large' }, { min: 0, max: 1_000_000_000 });

export const stats = defineRecordType({
  name: 'stats',
  table: 'stats',
  label: 'Stat',
  fields: {
    number: custom({ storage: 'int', schema: () => statNumber, widget: 'number', required: 'always' }),
    suffix: plainText('Suffix', { max: 10 }),
    label: localizedText('Label', { required: true, max: 200 }),
    icon: iconName(),
    category: choice('Category', STAT_CATEGORIES, { default: 'general', filter: 'category', labels: { general: texts('General', 'Общее', 'Umumiy'), experience: texts('Experience', 'Опыт', 'Tajriba'), clients: texts('Clients', 'Клиенты', 'Mijozlar'), cases: texts('Cases', 'Дела', 'Ishlar') } }),
    order: position(),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  admin: {
    homeBlock: true,
    icon: 'hash',
    title: texts('Figures on the home page', 'Цифры на главной', 'Bosh sahifadagi raqamlar'),
    one: texts('stat', 'показатель', 'ko‘rsatkich'),
    confirmDelete: texts('Are you sure you want to delete this stat?', 'Вы уверены, что хотите удалить этот показатель?', 'Haqiqatan ham bu ko‘rsatkichni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete stat', 'Не удалось удалить показатель', 'Ko‘rsatkichni o‘chirib bo‘lmadi'),
    titleField: 'label',
    subtitleField: 'number',
    placement: 'inline',
  },
});
/** @public The stored record, for code that reads this type. */
export type Stat = RecordOf<typeof stats>;
