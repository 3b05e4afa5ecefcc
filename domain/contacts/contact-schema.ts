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
});
export type ContactFormInput = z.infer<typeof ContactFormSchema>;

export const ContactStatusSchema = z.object({ status: oneOf('Status', CONTACT_STATUSES) });

/** The services offered in the form when the site has none (SPEC.md section 5). */
export const FALLBACK_SERVICE_CHOICES = [
  'Corporate Law', 'Real Estate Law', 'Family Law', 'Criminal Defense', 'Personal Injury', 'Estate Planning', 'Employment Law', 'Other',
];
