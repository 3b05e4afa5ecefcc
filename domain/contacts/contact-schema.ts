import { z } from 'zod';
import { email, oneOf, text } from '../shared/schema-helpers.ts';

export const CONTACT_STATUSES = ['new', 'read', 'replied', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** What the public contact form sends. */
export const ContactFormSchema = z.object({
  name: text('Full Name', { required: true, max: 200 }),
  email: email({ required: true }),
  phone: text('Phone', { max: 50 }).optional(),
  subject: text('Subject', { required: true, max: 300 }),
  message: text('Message', { required: true, max: 10_000 }),
  service: text('Service', { max: 300 }).optional(),
  /** Agreement to the privacy policy (required when the firm turns consent on); "true"/"on" from a form. */
  consent: z.union([z.boolean(), z.enum(['true', 'on', 'false', ''])], { error: 'Consent must be true or false' }).optional(),
  /** The page's language, kept with the consent. */
  lang: z.string({ error: 'Language must be text' }).trim().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Language must be a language code such as uz').optional(),
});
export type ContactFormInput = z.infer<typeof ContactFormSchema>;

export const ContactStatusSchema = z.object({ status: oneOf('Status', CONTACT_STATUSES) });

/** The services offered in the form when the site has none (SPEC.md section 5). */
export const FALLBACK_SERVICE_CHOICES = [
  'Corporate Law', 'Real Estate Law', 'Family Law', 'Criminal Defense', 'Personal Injury', 'Estate Planning', 'Employment Law', 'Other',
];
