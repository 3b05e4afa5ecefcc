import { z } from 'zod';
import { LanguageSchema } from '../../domain/languages/language-schema.ts';
import { CONFLICT_HITS } from '../../domain/intake/conflicts.ts';
import { makeSiteConfigSchema } from '../../domain/site-config/site-config-schema.ts';
import type { JsonSchema } from '../http/route.ts';

/*
 * The shapes that answers of several routes name by `component(name)` (server/api/route-parts.ts)
 * and that no zod schema of the domain describes as answered: written once here, put into the
 * document's components by buildOpenApiDocument (openapi.ts). The drift test validates real
 * answers against them.
 */

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const user = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    email: { type: 'string', format: 'email' },
    name: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    role: { type: 'string', enum: ['admin', 'editor', 'approver', 'translator'] },
    languages: { type: 'array', items: { type: 'string' }, description: 'The languages a translator may change' },
    twoFactor: { type: 'boolean' },
    breakGlass: { type: 'boolean', description: 'Signs in with a password even when PASSWORD_SIGN_IN=false' },
    scope: {
      oneOf: [{ type: 'null' }, { type: 'object', properties: { services: { type: 'array', items: { type: 'string' } } } }],
      description: 'Practice-area scope: creates and changes only records that name one of these services (null: all)',
    },
  },
};

const subscriberSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    email: { type: 'string', format: 'email' },
    language: { type: 'string' },
    topics: { type: 'array', items: { type: 'string' }, description: 'Ids of public practice areas (services) and industries' },
    state: { type: 'string', enum: ['pending', 'confirmed', 'unsubscribed'] },
    createdAt: { type: 'string', format: 'date-time' },
    confirmedAt: { type: ['string', 'null'], format: 'date-time' },
    consent: { type: 'object', properties: { version: { type: 'string' }, text: { type: 'string' }, facts: { type: ['object', 'null'], description: 'What the words stated: the operator (name, TIN, address, register number), purposes, data, retention, recipients and the transfer abroad' }, at: { type: 'string', format: 'date-time' }, language: { type: 'string' }, topics: { type: 'array', items: { type: 'string' } } } },
  },
};

const registrationSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    eventId: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    company: { type: 'string' },
    language: { type: 'string' },
    status: { type: 'string', enum: ['unconfirmed', 'registered', 'waitlisted', 'cancelled'] },
    heldUntil: { type: ['string', 'null'], format: 'date-time', description: 'While unconfirmed: until when its place is held (null: none was free, or the hold ran out)' },
    confirmedAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    cancelledAt: { type: ['string', 'null'], format: 'date-time' },
    consent: { type: 'object', properties: { version: { type: 'string' }, text: { type: 'string' }, facts: { type: ['object', 'null'], description: 'What the words stated: the operator (name, TIN, address, register number), purposes, data, retention, recipients and the transfer abroad' }, at: { type: 'string', format: 'date-time' }, language: { type: 'string' } } },
  },
};

/** The named components, by name. */
export function sharedComponents(): Record<string, JsonSchema> {
  return {
    Subscriber: subscriberSchema,
    Registration: registrationSchema,
    LanguageInput: jsonSchema(LanguageSchema),
    SiteConfig: jsonSchema(makeSiteConfigSchema({ defaultLanguage: 'uz' })),
    User: user,
    IntakeFile: {
      type: 'object',
      properties: {
        _id: { type: 'string' },
        name: { type: 'string' },
        size: { type: 'integer' },
        type: { type: 'string', enum: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'image/jpeg', 'image/png'] },
        scan: { type: 'string', enum: ['clean', 'not_scanned'], description: 'clean: clamd found nothing; not_scanned: no CLAMAV_SOCKET' },
        createdAt: { type: 'string', format: 'date-time' },
      },
    },
    Conflict: {
      type: 'object',
      description: 'A possible conflict of a new matter; the list comes most serious first (by `hit`, then by `reason`), a record once per pair of names',
      properties: {
        _id: { type: 'string', description: 'The earlier request or the matter' },
        kind: { type: 'string', enum: ['request', 'matter'] },
        name: { type: 'string', description: 'The earlier name that matched' },
        matched: { type: 'string', description: 'This request\'s name it matched' },
        reason: {
          type: 'string',
          enum: ['same_name', 'similar_name', 'same_tin'],
          description:
            'same_name: the same words in either script of Uzbek or in Russian spelling, any apostrophe or letter case, company forms (MChJ, ООО, LLC…) aside; a foreign name written in Latin is also read as Russian writes it (a c as k or s, an x as ks, ph as f: Silk Road Capital is Силк Роуд Капитал); similar_name: every word of one within the other; same_tin: the same tax number',
        },
        hit: {
          type: 'string',
          enum: [...CONFLICT_HITS],
          description:
            'What the match means, most serious first: against_our_client (the other side of this matter is the client of one of our matters), our_clients_opponent (this client was the other side of one of our matters), same_opponent (the other side was already the other side of one of our matters), earlier_enquirer (someone who asked us earlier is on the opposite side: a prospective client), same_party (the same name on the same side again)',
        },
        ours: { type: 'string', enum: ['company', 'counterparty'], description: 'Which of this request\'s names matched: its company or one of the other parties' },
        theirs: { type: 'string', enum: ['company', 'counterparty', 'enquirer', 'client', 'opposing'], description: 'What the earlier name is: an earlier request\'s company, other party or sender (enquirer), or a matter\'s client or other side (opposing: `opposingParties`)' },
        context: { type: 'string', description: 'The earlier request\'s day in the firm\'s time zone (YYYY-MM-DD), or the matter\'s title in the default language' },
      },
    },
    ImageUse: {
      type: 'object',
      properties: { type: { type: 'string', description: 'A record type, or site-config' }, _id: { type: 'string' }, title: { type: 'string' }, field: { type: 'string', description: 'The field (site-config: dotted, offices.0.image)' } },
    },
  };
}
