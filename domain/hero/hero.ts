import { z } from 'zod';
import { custom, image, localizedText, plainText, position, yesNo } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { list, localized, MEDIUM_TEXT, order } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const heroFeatures = list('Features', z.object({ text: localized('Feature', { max: 200 }), order }, { error: 'Each feature needs a text' }), 20);

export const hero = defineRecordType({
  name: 'hero',
  table: 'hero_sections',
  label: 'Hero section',
  fields: {
    title: localizedText('Title', { required: true }),
    titleHighlight: localizedText('Title Highlight', { required: true }),
    subtitle: localizedText('Subtitle', { required: true, max: MEDIUM_TEXT, multiline: true }),
    getConsultationText: localizedText('Consultation Text', { required: true, max: 100 }),
    meetTeamText: localizedText('Meet Team Text', { required: true, max: 100 }),
    satisfiedClientsText: localizedText('Satisfied Clients Text', { required: true, max: 100 }),
    satisfiedClientsCount: { ...plainText('Satisfied Clients Count', { required: true, max: 50 }), default: () => '500+' },
    cardTitle: localizedText('Card Title', { required: true }),
    cardSubtitle: localizedText('Card Subtitle', { required: true, max: MEDIUM_TEXT }),
    features: custom({ storage: 'json', schema: () => heroFeatures, widget: 'features', localized: true, itemOrder: true, default: () => [] }),
    image: image(),
    // What the picture shows, in each language (read aloud by screen readers, shown when it does not load).
    imageAlt: localizedText('Image description', { max: 200, label: texts('What the picture shows (for those who cannot see it)', 'Что на изображении (для тех, кто его не видит)', 'Rasmda nima bor (uni ko‘ra olmaydiganlar uchun)') }),
    order: position(),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  admin: {
    homeBlock: true,
    icon: 'layout',
    title: texts('Hero section', 'Главный экран', 'Bosh ekran'),
    one: texts('hero section', 'главный экран', 'bosh ekran'),
    confirmDelete: texts('Are you sure you want to delete this hero section?', 'Вы уверены, что хотите удалить этот главный экран?', 'Haqiqatan ham bu bosh ekranni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete hero section', 'Не удалось удалить главный экран', 'Bosh ekranni o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'subtitle',
    placement: 'inline',
  },
});
export type HeroSection = RecordOf<typeof hero>;
