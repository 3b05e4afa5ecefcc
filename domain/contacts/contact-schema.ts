import { z } from 'zod';
import { email, oneOf, text } from '../shared/schema-helpers.ts';
import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';

/** A message's and an application's statuses. */
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'closed'] as const;
/** A new matter's: it waits for the conflict check, then is cleared or declined, then opened (API-3.md). */
export const MATTER_STATUSES = ['conflict_check', 'cleared', 'declined', 'matter_opened'] as const;
export const CONTACT_STATUSES = [...MESSAGE_STATUSES, ...MATTER_STATUSES] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** What a request is: a message, a new matter (conflict check first) or an application for a vacancy. */
export const CONTACT_KINDS = ['message', 'matter', 'application'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The moves a new matter may make: matter_opened only once cleared. */
export const MATTER_MOVES: Record<(typeof MATTER_STATUSES)[number], readonly ContactStatus[]> = {
  conflict_check: ['cleared', 'declined'],
  cleared: ['matter_opened', 'declined', 'conflict_check'],
  declined: ['cleared', 'conflict_check'],
  matter_opened: ['cleared'],
};

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
  lang: z.string({ error: 'Language must be text' }).trim().regex(LANGUAGE_CODE_PATTERN, 'Language must be a language code such as uz').optional(),
});
export type ContactFormInput = z.infer<typeof ContactFormSchema>;

const MAX_COUNTERPARTIES = 20;
/** Names one a line (a form's text area) or a list (the API). */
const nameList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/\r?\n/) : value),
  z
    .array(z.string({ error: 'Each counterparty must be a name' }).trim().max(300, 'Each counterparty must be at most 300 characters'), { error: 'Counterparties must be a list of names' })
    .max(MAX_COUNTERPARTIES, `At most ${MAX_COUNTERPARTIES} counterparties`)
    .transform((names) => names.filter(Boolean)),
);

/**
 * A new matter (`kind: "matter"`, API-3.md "Intake"): who asks, the company, its tax number, the
 * other parties and the service — no facts of the case before the conflict check — and the
 * acknowledgement of the two warnings.
 */
export const MatterRequestSchema = z.object({
  kind: z.literal('matter'),
  name: text('Full Name', { required: true, max: 200 }),
  email: email({ required: true }),
  phone: text('Phone', { max: 50 }).optional(),
  company: text('Company', { required: true, max: 300 }),
  tin: z
    .string({ error: 'Tax number must be text' })
    .trim()
    .regex(/^(\d{9}|\d{14})?$/, 'Tax number: 9 digits (a company’s TIN) or 14 (a person’s PINFL)')
    .optional(),
  counterparties: nameList.optional(),
  service: text('Service', { max: 300 }).optional(),
  /** Must be given (true, or "true"/"on" from a form): checked beside consent, as a 400 on `acknowledged`. */
  acknowledged: z.union([z.boolean(), z.enum(['true', 'on', 'false', ''])], { error: 'Acknowledged must be true or false' }).optional(),
  consent: ContactFormSchema.shape.consent,
  lang: ContactFormSchema.shape.lang,
});

/** An application for a vacancy (its CV comes as a file beside these fields). */
export const ApplicationSchema = z.object({
  name: text('Full Name', { required: true, max: 200 }),
  email: email({ required: true }),
  phone: text('Phone', { max: 50 }).optional(),
  letter: text('Cover letter', { max: 10_000 }).optional(),
  consent: ContactFormSchema.shape.consent,
  lang: ContactFormSchema.shape.lang,
});

/** Any request's status (the OpenAPI's); a message's and a new matter's are checked by their own below. */
export const ContactStatusSchema = z.object({ status: oneOf('Status', CONTACT_STATUSES) });
export const MessageStatusSchema = z.object({ status: oneOf('Status', MESSAGE_STATUSES) });
export const MatterStatusSchema = z.object({ status: oneOf('Status', MATTER_STATUSES) });

/** The services offered in the form when the site has none (SPEC.md section 5). */
export const FALLBACK_SERVICE_CHOICES = [
  'Corporate Law', 'Real Estate Law', 'Family Law', 'Criminal Defense', 'Personal Injury', 'Estate Planning', 'Employment Law', 'Other',
];
