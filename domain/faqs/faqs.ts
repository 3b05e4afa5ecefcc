import { localizedText, position, reference, yesNo, documentText } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { texts } from '../shared/texts.ts';

/** A question visitors ask, answered once: on /faq, and on its service's page when it has one. */
export const faqs = defineRecordType({
  name: 'faqs',
  table: 'faqs',
  label: 'Question',
  fields: {
    question: localizedText('Question', { required: true, search: true, label: texts('Question', 'Вопрос', 'Savol') }),
    answer: documentText('Answer', { required: true, search: true, label: texts('Answer', 'Ответ', 'Javob') }),
    service: reference('Service', 'services', { filter: 'service', label: texts('Service (optional)', 'Услуга (необязательно)', 'Xizmat (ixtiyoriy)') }),
    order: position(),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  // Found by the site search, opened on the FAQ page.
  site: { search: true, hitPath: (record) => `/faq?open=${record._id}#q-${record._id}` },
  admin: {
    icon: 'help',
    title: texts('Questions and answers', 'Вопросы и ответы', 'Savol-javoblar'),
    one: texts('question', 'вопрос', 'savol'),
    confirmDelete: texts('Are you sure you want to delete this question?', 'Вы уверены, что хотите удалить этот вопрос?', 'Haqiqatan ham bu savolni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete question', 'Не удалось удалить вопрос', 'Savolni o‘chirib bo‘lmadi'),
    titleField: 'question',
    subtitleField: 'answer',
    placement: 'inline',
  },
});
export type Faq = RecordOf<typeof faqs>;
