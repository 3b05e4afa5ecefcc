import { choice, emailAddress, image, localizedText, plainText, position, textList, webAddress, yesNo } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { MEDIUM_TEXT } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const PARTNERSHIP_TYPES = ['strategic', 'referral', 'affiliate', 'collaboration'] as const;

export const partners = defineRecordType({
  name: 'partners',
  table: 'partners',
  label: 'Partner',
  fields: {
    name: localizedText('Name', { required: true, search: true }),
    type: localizedText('Type', { required: true, max: 100, search: true, filter: { param: 'type' } }),
    location: localizedText('Location', { required: true, search: true }),
    description: localizedText('Description', { required: true, max: MEDIUM_TEXT, multiline: true }),
    specialties: textList('Specialties', 'Specialty'),
    email: emailAddress({ required: true, search: true }),
    phone: plainText('Phone', { max: 50 }),
    website: webAddress('Website'),
    partnershipType: choice('Partnership type', PARTNERSHIP_TYPES, { default: 'collaboration', filter: 'partnershipType', labels: { strategic: texts('Strategic', 'Стратегическое', 'Strategik'), referral: texts('Referral', 'По рекомендациям', 'Tavsiya bo‘yicha'), affiliate: texts('Affiliate', 'Аффилированное', 'Sho‘ba'), collaboration: texts('Collaboration', 'Сотрудничество', 'Hamkorlik') } }),
    order: position(),
    establishedDate: plainText('Established date', { max: 50 }),
    logo: image(),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  distinct: { types: 'type' },
  constants: { 'partnership-types': PARTNERSHIP_TYPES },
  admin: {
    icon: 'handshake',
    title: texts('Partners', 'Партнёры', 'Hamkorlar'),
    one: texts('partner', 'партнёр', 'hamkor'),
    confirmDelete: texts('Are you sure you want to delete this partner?', 'Вы уверены, что хотите удалить этого партнёра?', 'Haqiqatan ham bu hamkorni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete partner', 'Не удалось удалить партнёра', 'Hamkorni o‘chirib bo‘lmadi'),
    titleField: 'name',
    subtitleField: 'type',
    placement: 'page',
    chips: { field: 'specialties', shown: 3 },
    requireSelectedLanguage: true,
  },
});
export type Partner = RecordOf<typeof partners>;
