import { z } from 'zod';
import { absoluteUrl, email, flag, imageUrl, list, localized, MEDIUM_TEXT, oneOf, order, text, textOrLocalized, type SchemaContext } from '../shared/schema-helpers.ts';

export const PARTNERSHIP_TYPES = ['strategic', 'referral', 'affiliate', 'collaboration'] as const;

export function makePartnerSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    name: localized('Name', { requiredIn: lang }),
    type: localized('Type', { requiredIn: lang, max: 100 }),
    location: localized('Location', { requiredIn: lang }),
    description: localized('Description', { requiredIn: lang, max: MEDIUM_TEXT }),
    logo: imageUrl,
    specialties: list('Specialties', textOrLocalized('Specialty'), 30),
    website: absoluteUrl('Website'),
    email: email({ required: true }),
    phone: text('Phone', { max: 50 }),
    isActive: flag('Active'),
    order,
    partnershipType: oneOf('Partnership type', PARTNERSHIP_TYPES),
    establishedDate: text('Established date', { max: 50 }),
  });
}

export type PartnerInput = z.infer<ReturnType<typeof makePartnerSchema>>;
export const partnerDefaults = (): Partial<PartnerInput> => ({
  logo: '',
  specialties: [],
  website: '',
  phone: '',
  isActive: true,
  order: 0,
  partnershipType: 'collaboration',
  establishedDate: '',
});
