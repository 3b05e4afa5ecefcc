import { z } from 'zod';
import { flag, imageUrl, list, localized, MEDIUM_TEXT, order, text, type SchemaContext } from '../shared/schema-helpers.ts';

export function makeHeroSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    title: localized('Title', { requiredIn: lang }),
    titleHighlight: localized('Title Highlight', { requiredIn: lang }),
    subtitle: localized('Subtitle', { requiredIn: lang, max: MEDIUM_TEXT }),
    getConsultationText: localized('Consultation Text', { requiredIn: lang, max: 100 }),
    meetTeamText: localized('Meet Team Text', { requiredIn: lang, max: 100 }),
    satisfiedClientsText: localized('Satisfied Clients Text', { requiredIn: lang, max: 100 }),
    satisfiedClientsCount: text('Satisfied Clients Count', { required: true, max: 50 }),
    features: list('Features', z.object({ text: localized('Feature', { max: 200 }), order }, { error: 'Each feature needs a text' }), 20),
    cardTitle: localized('Card Title', { requiredIn: lang }),
    cardSubtitle: localized('Card Subtitle', { requiredIn: lang, max: MEDIUM_TEXT }),
    image: imageUrl,
    isActive: flag('Active'),
    order,
  });
}

export type HeroInput = z.infer<ReturnType<typeof makeHeroSchema>>;
export const heroDefaults = (): Partial<HeroInput> => ({
  satisfiedClientsCount: '500+',
  features: [],
  image: '',
  isActive: true,
  order: 0,
});
