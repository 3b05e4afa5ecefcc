import { z } from 'zod';
import { email, flag, imageUrl, localized, MEDIUM_TEXT, absoluteUrl, order, text, type SchemaContext } from '../shared/schema-helpers.ts';

export function makeTeamMemberSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    name: localized('Name', { requiredIn: lang }),
    position: localized('Position', { requiredIn: lang }),
    specialization: localized('Specialization', { requiredIn: lang }),
    experience: text('Experience', { required: true, max: 200 }),
    education: localized('Education', { requiredIn: lang, max: MEDIUM_TEXT }),
    bio: localized('Bio', { requiredIn: lang, max: MEDIUM_TEXT }),
    email: email({ required: true }),
    phone: text('Phone', { required: true, max: 50 }),
    linkedin: absoluteUrl('LinkedIn'),
    image: imageUrl,
    isActive: flag('Active'),
    order,
  });
}

export type TeamMemberInput = z.infer<ReturnType<typeof makeTeamMemberSchema>>;
export const teamMemberDefaults = (): Partial<TeamMemberInput> => ({ linkedin: '', image: '', isActive: true, order: 0 });
