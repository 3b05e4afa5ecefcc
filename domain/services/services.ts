import { z } from 'zod';
import { choice, custom, iconName, image, localizedText, position, reference, slug, yesNo, schedule, documentText } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { list, localized } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const SERVICE_CATEGORIES = ['corporate', 'family', 'realEstate', 'criminal', 'personalInjury', 'estate', 'other'] as const;

const serviceFeatures = list('Features', z.object({ text: localized('Feature', { max: 300 }) }, { error: 'Each feature needs a text' }), 30);

export const services = defineRecordType({
  name: 'services',
  table: 'services',
  label: 'Service',
  fields: {
    title: localizedText('Title', { required: true, search: true }),
    slug: slug({ from: 'title' }),
    description: documentText('Description', { required: true, search: true }),
    pricing: localizedText('Pricing', { max: 200 }),
    duration: localizedText('Duration', { max: 200 }),
    category: choice('Category', SERVICE_CATEGORIES, { default: 'corporate', filter: 'category', labels: { corporate: texts('Corporate', 'Корпоративное право', 'Korporativ'), family: texts('Family', 'Семейное право', 'Oilaviy'), realEstate: texts('Real estate', 'Недвижимость', 'Ko‘chmas mulk'), criminal: texts('Criminal', 'Уголовные дела', 'Jinoiy'), personalInjury: texts('Personal injury', 'Возмещение вреда', 'Zararni qoplash'), estate: texts('Estate planning', 'Наследство', 'Meros'), other: texts('Other', 'Другое', 'Boshqa') } }),
    icon: iconName(),
    features: custom({ storage: 'json', schema: () => serviceFeatures, widget: 'features', localized: true, default: () => [] }),
    image: image(),
    lead: reference('Lead lawyer', 'team', { filter: 'lead', label: texts('Lead lawyer', 'Ведущий юрист', 'Mas’ul yurist') }),
    order: position(),
    featured: yesNo('Featured', { default: false, filter: 'featured', toggle: true }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
    ...schedule(),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  publicPath: '/services',
  site: { list: 'routes/site/services.tsx', detail: 'routes/site/service-detail.tsx', search: true, jsonLd: 'Service' },
  snippet: { title: ['title'] },
  admin: {
    icon: 'briefcase',
    title: texts('Services', 'Услуги', 'Xizmatlar'),
    one: texts('service', 'услуга', 'xizmat'),
    confirmDelete: texts('Delete this service?', 'Удалить эту услугу?', 'Bu xizmatni o‘chirasizmi?'),
    deleteFailed: texts('Failed to delete service', 'Не удалось удалить услугу', 'Xizmatni o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'category',
    placement: 'modal',
  },
});
export type Service = RecordOf<typeof services>;
