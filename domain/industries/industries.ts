import { documentText, localizedText, position, references, slug, yesNo } from '../shared/fields.ts';
import { defineRecordType } from '../shared/record-type.ts';
import { texts } from '../shared/texts.ts';

/**
 * A sector the firm serves (energy, banking, agriculture): counsel think by industry. Its page
 * gathers the industry's services, the lawyers who lead them, its matters, the latest articles on
 * its services and their questions (API-3.md "The firm's record").
 */
export const industries = defineRecordType({
  name: 'industries',
  table: 'industries',
  label: 'Industry',
  fields: {
    title: localizedText('Title', { required: true, search: true, label: texts('Industry', 'Отрасль', 'Soha') }),
    slug: slug({ from: 'title' }),
    description: documentText('Description', { required: true, search: true }),
    services: references('Services', 'services', { filter: 'service', label: texts('Services for this industry', 'Услуги для этой отрасли', 'Shu soha uchun xizmatlar') }),
    order: position(),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  publicPath: '/industries',
  site: { list: 'routes/site/industries.tsx', detail: 'routes/site/industry.tsx', search: true, preview: true },
  snippet: { title: ['title'] },
  admin: {
    icon: 'factory',
    title: texts('Industries', 'Отрасли', 'Sohalar'),
    one: texts('industry', 'отрасль', 'soha'),
    confirmDelete: texts('Delete this industry?', 'Удалить эту отрасль?', 'Bu sohani o‘chirasizmi?'),
    deleteFailed: texts('Failed to delete industry', 'Не удалось удалить отрасль', 'Sohani o‘chirib bo‘lmadi'),
    titleField: 'title',
    placement: 'page',
  },
});
