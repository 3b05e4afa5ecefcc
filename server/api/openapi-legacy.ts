import { z } from 'zod';
import { CONTACT_KINDS, CONTACT_STATUSES, ContactFormSchema, ContactStatusSchema, MatterRequestSchema } from '../../domain/contacts/contact-schema.ts';
import { LanguageSchema } from '../../domain/languages/language-schema.ts';
import { CONFLICT_HITS } from '../../domain/intake/conflicts.ts';
import { makeSiteConfigSchema } from '../../domain/site-config/site-config-schema.ts';
import { ChangePasswordSchema, LoginInputSchema, NewUserSchema, UserChangeSchema } from '../../domain/users/user-schema.ts';

/*
 * TEMPORARY (issue 48): the hand-written operations of the routes not yet declared with route()
 * (auth, contact, subscriptions, events, languages, site configuration, uploads, intake,
 * notifications). buildOpenApiDocument (openapi.ts) uses an operation from here only while the
 * catalog has none for its path and method. Delete this file once every route file is converted.
 */

const context = { defaultLanguage: 'uz' };
const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

type Schema = Record<string, unknown>;
type Operation = Record<string, unknown>;
const BEARER = [{ bearer: [] }];
const PUBLIC: never[] = [];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const envelope = (data: unknown, extra: Schema = {}) =>
  json({ type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data, message: { type: 'string' }, ...extra } });
const answer = (description: string, data: unknown, extra: Schema = {}) => ({ description, content: envelope(data, extra) });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [String(status), { $ref: `#/components/responses/E${status}` }]));
const parameter = (name: string, description: string, schema: Schema = { type: 'string' }, where: 'query' | 'path' = 'query') => ({
  name,
  in: where,
  description,
  schema,
  required: where === 'path',
});
const page = parameter('page', 'Page number, from 1', { type: 'integer', minimum: 1 });
const limit = parameter('limit', 'Page size, at most 100', { type: 'integer', minimum: 1, maximum: 100 });
const search = parameter('search', 'Text to find in any language (Uzbek in both scripts), any case, and in the page address (slug)');
const idParam = parameter('id', '24 hexadecimal characters', { type: 'string', pattern: '^[0-9a-f]{24}$' }, 'path');
const pagination = {
  pagination: {
    type: 'object',
    required: ['page', 'limit', 'total', 'pages'],
    properties: { page: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' }, pages: { type: 'integer' } },
  },
};
const untyped = { type: 'object', additionalProperties: true };


const uploadResult = {
  type: 'object',
  properties: {
    images: {
      type: 'object',
      properties: { large: { type: 'string' }, medium: { type: 'string' }, thumbnail: { type: 'string' }, og: { type: 'string', description: '1200×630 JPEG for link previews' } },
    },
    filename: { type: 'string' },
    size: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    path: { type: 'string' },
  },
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
    consent: { type: 'object', properties: { version: { type: 'string' }, text: { type: 'string' }, at: { type: 'string', format: 'date-time' }, language: { type: 'string' }, topics: { type: 'array', items: { type: 'string' } } } },
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
    consent: { type: 'object', properties: { version: { type: 'string' }, text: { type: 'string' }, at: { type: 'string', format: 'date-time' }, language: { type: 'string' } } },
  },
};
const alertLog = {
  type: 'object',
  properties: {
    sentAt: { type: ['string', 'null'], format: 'date-time', description: 'When it was queued for its subscribers (null: not yet)' },
    subscribers: { type: 'integer' },
    waiting: { type: 'integer' },
    sent: { type: 'integer' },
    failed: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
  },
};

const channelPost = {
  type: 'object',
  properties: {
    lang: { type: 'string' },
    channel: { type: 'string' },
    text: { type: 'string' },
    photo: { type: ['string', 'null'] },
    messageId: { type: ['string', 'null'] },
    state: { type: 'string', enum: ['queued', 'sent', 'failed'] },
    error: { type: ['string', 'null'] },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

function operation(tag: string, operationId: string, summary: string, responses: Record<string, unknown>, extra: Operation = {}): Operation {
  return { tags: [tag], operationId, summary, security: BEARER, ...extra, responses };
}

function legacyDocument() {
  return {
    components: {
      schemas: {
        Subscriber: subscriberSchema,
        Registration: registrationSchema,
        LanguageInput: jsonSchema(LanguageSchema),
        SiteConfig: jsonSchema(makeSiteConfigSchema(context)),
        ContactForm: jsonSchema(ContactFormSchema),
        MatterRequest: jsonSchema(MatterRequestSchema),
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
        ContactStatus: jsonSchema(ContactStatusSchema),
        Login: jsonSchema(LoginInputSchema),
        NewUser: jsonSchema(NewUserSchema),
        UserChange: jsonSchema(UserChangeSchema),
        ChangePassword: jsonSchema(ChangePasswordSchema),
        User: user,
        ImageUse: {
          type: 'object',
          properties: { type: { type: 'string', description: 'A record type, or site-config' }, _id: { type: 'string' }, title: { type: 'string' }, field: { type: 'string', description: 'The field (site-config: dotted, offices.0.image)' } },
        },
        VersionEntry: {
          type: 'object',
          required: ['version', 'savedAt', 'action', 'summary'],
          properties: {
            version: { type: 'integer' },
            savedAt: { type: 'string', format: 'date-time' },
            savedBy: { type: ['object', 'null'], properties: { _id: { type: 'string' }, email: { type: 'string' } } },
            action: { type: 'string', enum: ['create', 'update', 'delete', 'restore'] },
            summary: { type: 'string', description: 'The fields this save changed, comma-separated' },
          },
        },
      },
    },
    paths: {
      '/auth/login': {
        post: {
          tags: ['Auth'],
          operationId: 'login',
          summary: 'Sign in: a token, or with two-factor sign-in on { twoFactorRequired: true, challenge } for POST /auth/login/2fa',
          security: PUBLIC,
          requestBody: { required: true, content: json(ref('Login')) },
          responses: {
            200: answer('A bearer token, or a challenge', {
              oneOf: [
                { type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: ref('User') } },
                { type: 'object', properties: { twoFactorRequired: { const: true }, challenge: { type: 'string', description: 'Signed, valid 5 minutes' } } },
              ],
            }),
            ...errors(400, 401, 429),
          },
        },
      },
      '/auth/logout': { post: operation('Auth', 'logout', 'Revoke the token', { 200: answer('Signed out', { type: 'null' }), ...errors(401) }) },
      '/auth/me': { get: operation('Auth', 'getCurrentUser', 'The signed-in administrator', { 200: answer('The user', ref('User')), ...errors(401) }) },
      '/auth/password-reset': {
        get: { tags: ['Auth'], operationId: 'passwordResetAvailable', summary: 'Whether a forgotten password is reset by e-mail on this site', security: PUBLIC, responses: { 200: answer('The answer', { type: 'object', properties: { byEmail: { type: 'boolean' } } }) } },
        post: {
          tags: ['Auth'],
          operationId: 'requestPasswordReset',
          summary: 'E-mail a one-use link (an hour) to set a new password; the same 202 for every address, one link in 10 minutes per account',
          security: PUBLIC,
          requestBody: { required: true, content: json({ type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } }) },
          responses: { 202: answer('Asked', { type: 'null' }), ...errors(409) },
        },
      },
      '/auth/password-reset/complete': {
        post: {
          tags: ['Auth'],
          operationId: 'completePasswordReset',
          summary: 'Set the new password with the e-mail’s token (once, within the hour); every session of the account ends',
          security: PUBLIC,
          requestBody: { required: true, content: json({ type: 'object', required: ['token', 'password'], properties: { token: { type: 'string' }, password: { type: 'string', minLength: 10, maxLength: 200 } } }) },
          responses: { 200: answer('Changed', { type: 'null' }), ...errors(400) },
        },
      },
      '/auth/users': {
        get: operation('Auth', 'listUsers', 'List accounts with their roles (administrators only)', { 200: answer('Accounts', { type: 'array', items: ref('User') }), ...errors(401, 403) }),
        post: operation('Auth', 'createUser', 'Add an account: role admin, editor or translator (with languages)', { 201: answer('Added', ref('User')), ...errors(400, 401, 403, 409) }, { requestBody: { required: true, content: json(ref('NewUser')) } }),
      },
      '/auth/users/{id}': {
        put: operation('Auth', 'updateUser', 'Change an account\'s name, role or languages; the last administrator cannot be demoted (409)', { 200: answer('Saved', ref('User')), ...errors(400, 401, 403, 404, 409) }, {
          parameters: [idParam],
          requestBody: { required: true, content: json(ref('UserChange')) },
        }),
        delete: operation('Auth', 'deleteUser', 'Remove an account (not yourself, not the last administrator)', { 200: answer('Removed', { type: 'null' }), ...errors(400, 401, 403, 404, 409) }, { parameters: [idParam] }),
      },
      '/auth/password': {
        put: operation('Auth', 'changePassword', 'Change your own password (signs you out everywhere)', { 200: answer('Changed', { type: 'null' }), ...errors(400, 401) }, { requestBody: { required: true, content: json(ref('ChangePassword')) } }),
      },
      '/auth/me/language': {
        put: operation('Auth', 'setMyLanguage', 'The language you read the admin in: what you are told of a review (e-mail, Telegram) is written in it', { 200: answer('Saved', { type: 'object', properties: { language: { type: 'string' } } }), ...errors(400, 401) }, {
          requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['language'], properties: { language: { type: 'string', enum: ['uz', 'ru', 'en'] } } }) },
        }),
      },
      '/auth/me/telegram': {
        put: operation('Auth', 'setMyTelegramChat', 'Where the firm’s Telegram bot sends your notices (a review assigned to you): your chat id with the bot, or null to stop them', { 200: answer('Your account', untyped), ...errors(400, 401) }, {
          requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['chatId'], properties: { chatId: { type: ['string', 'null'], pattern: '^-?\\d{1,20}$' } } }) },
        }),
      },
      '/auth/me/telegram/test': {
        post: operation('Auth', 'testMyTelegramChat', 'Send a test message to your chat (409 when the bot is not set up on the server; 503 when Telegram refuses)', { 200: answer('Sent', { type: 'null' }), ...errors(400, 401, 409, 503) }),
      },
      '/contact': {
        post: {
          tags: ['Contact'],
          operationId: 'sendContactRequest',
          summary: 'Send a contact request (stored with status new; 5 per 10 minutes per address), or with kind: "matter" a new-matter request (company, tin, counterparties, acknowledged: true; stored with status conflict_check)',
          security: PUBLIC,
          requestBody: { required: true, content: json({ oneOf: [ref('ContactForm'), ref('MatterRequest')] }) },
          responses: { 201: answer('Stored', { type: 'object', properties: { _id: { type: 'string' } } }), ...errors(400, 429) },
        },
        get: operation('Contact', 'listContactRequests', 'List contact requests, newest first; a new matter\'s row has `conflictCount`', {
          200: answer('Requests', { type: 'array', items: { type: 'object', additionalProperties: true, properties: { conflictCount: { type: 'integer', minimum: 0, description: 'A new matter\'s (kind: matter) number of possible conflicts, as GET /contact/{id} lists them in `conflicts`; absent on other kinds' } } } }, pagination),
          ...errors(400, 401),
        }, {
          parameters: [page, limit, parameter('status', 'A status (a new matter\'s: conflict_check, cleared, declined, matter_opened), or waiting: new and conflict_check together (what nobody has acted on yet)', { type: 'string', enum: [...CONTACT_STATUSES, 'waiting'] }), parameter('kind', 'message, matter or application', { type: 'string', enum: [...CONTACT_KINDS] }), search],
        }),
      },
      '/contact/export': {
        get: operation('Contact', 'exportContactRequestsByEmail', 'Every request sent with this e-mail (any letter case), oldest first, its subscription to alerts with the consent given (`subscriptions`) its registrations for events (`registrations`) and the links made for them as an outside reviewer (`reviewerLinks`): a person asking for their data', { 200: answer('Requests', { type: 'array', items: untyped }, { subscriptions: { type: 'array', items: ref('Subscriber') }, registrations: { type: 'array', items: ref('Registration') }, reviewerLinks: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' }, recordType: { type: 'string' }, recordId: { type: 'string' }, madeBy: { type: 'string' }, createdAt: { type: 'string' }, expiresAt: { type: 'string' } } } } }), ...errors(400, 401) }, {
          parameters: [{ ...parameter('email', 'The e-mail address', { type: 'string', format: 'email' }), required: true }],
        }),
      },
      '/subscriptions': {
        post: {
          tags: ['Alerts'],
          operationId: 'subscribe',
          summary:
            'Ask for the legal alerts by e-mail: a confirmation e-mail follows (double opt-in); the same 202 for a new, a waiting and a known address. Topics are ids of public practice areas and industries. One sender (IPv4 address, IPv6 /64) may ask 5 times an hour, and the site queues at most 30 confirmations a minute: beyond, 429 with Retry-After',
          security: PUBLIC,
          requestBody: {
            required: true,
            content: json({ type: 'object', additionalProperties: false, required: ['email', 'language', 'topics', 'consent'], properties: { email: { type: 'string', format: 'email' }, language: { type: 'string' }, topics: { type: 'array', minItems: 1, items: { type: 'string' } }, consent: { const: true } } }),
          },
          responses: { 202: answer('Asked', { type: 'null' }), ...errors(400, 429, 503) },
        },
        get: operation('Alerts', 'listSubscribers', 'Every subscriber, newest first (administrators)', { 200: answer('Subscribers', { type: 'array', items: ref('Subscriber') }), ...errors(401, 403) }),
      },
      '/subscriptions/counts': {
        get: operation('Alerts', 'countSubscribers', 'Confirmed subscribers per topic and language, and how many wait or left (administrators)', { 200: answer('Counts', untyped), ...errors(401, 403) }),
      },
      '/subscriptions/export': {
        get: operation('Alerts', 'exportSubscribers', 'Every subscriber as CSV (with a BOM), column names and states in the language asked, times in the firm’s zone (administrators)', { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors(400, 401, 403) }, {
          parameters: [parameter('lang', 'uz, ru or en (default en)')],
        }),
      },
      '/events/{id}/registrations': {
        post: {
          tags: ['Events'],
          operationId: 'registerForEvent',
          summary:
            'Ask to register for a public event (no token; the event page’s form posts the same): 201 unconfirmed, with a place held for 30 minutes while there are places (heldUntil; null when none was free), and an e-mail whose link’s page confirms (POST /events/registrations/confirm). Without language: the request’s (the visitor’s chosen language, else Accept-Language), else the site’s default. The same address twice is one registration (its status answered, no second e-mail). Five per client (an IPv4 address or an IPv6 /64) in 30 minutes, then 429 with Retry-After. The name is one line without a web address (400 invalid_format). 409 registration_closed after registrationClosesAt (or the start)',
          security: PUBLIC,
          parameters: [parameter('id', 'The event', { type: 'string' }, 'path')],
          requestBody: {
            required: true,
            content: json({ type: 'object', additionalProperties: false, required: ['name', 'email', 'consent'], properties: { name: { type: 'string', maxLength: 100 }, email: { type: 'string', format: 'email' }, company: { type: 'string', maxLength: 200 }, language: { type: 'string' }, consent: { const: true }, elapsedMs: { type: 'number', description: 'A form: how long it was shown; under 3 s is refused (detail path elapsedMs)' } } }),
          },
          responses: { 201: answer('Asked (or known already)', { type: 'object', properties: { _id: { type: 'string' }, status: { type: 'string', enum: ['unconfirmed', 'registered', 'waitlisted'] }, heldUntil: { type: ['string', 'null'], format: 'date-time' } } }), ...errors(400, 404, 409, 429) },
        },
        get: operation('Events', 'listEventRegistrations', 'The event’s registrations in the order they came (status unconfirmed, registered, waitlisted or cancelled; heldUntil while unconfirmed), with `counts` (editors); `format=csv` gives them as CSV with column names in `lang`', { 200: answer('Registrations', { type: 'array', items: ref('Registration') }, { counts: { type: 'object', properties: { registered: { type: 'integer' }, held: { type: 'integer' }, waitlisted: { type: 'integer' }, unconfirmed: { type: 'integer' } } } }), ...errors(400, 401, 403, 404) }, {
          parameters: [parameter('id', 'The event', { type: 'string' }, 'path'), parameter('format', 'csv for a spreadsheet'), parameter('lang', 'uz, ru or en: the CSV’s column names (default en)')],
        }),
      },
      '/events/{id}/registrations/remove': {
        post: operation('Events', 'removeEventRegistrations', 'Remove chosen registrations ({ ids }) or every unconfirmed one ({ unconfirmed: true }) with their unsent e-mails (editors and administrators); a freed place goes to the first person waiting', { 200: answer('How many were removed', { type: 'object', properties: { removed: { type: 'integer' } } }), ...errors(400, 401, 403, 404) }, {
          parameters: [parameter('id', 'The event', { type: 'string' }, 'path')],
          requestBody: { required: true, content: json({ oneOf: [{ type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string' } } } }, { type: 'object', additionalProperties: false, required: ['unconfirmed'], properties: { unconfirmed: { const: true } } }] }) },
        }),
      },
      '/events/registrations/confirm': {
        post: {
          tags: ['Events'],
          operationId: 'confirmEventRegistration',
          summary: 'Confirm a registration with the token of the link in its first e-mail (no account; the link’s page posts it, opening the link confirms nothing): registered while its hold runs or a place is free, else on the waiting list; the e-mail with the calendar entry follows. 409 registration_closed when registration closed and the hold ran out',
          security: PUBLIC,
          requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string' } } }) },
          responses: { 200: answer('Confirmed', { type: 'object', properties: { status: { type: 'string', enum: ['registered', 'waitlisted', 'cancelled'] } } }), ...errors(400, 404, 409) },
        },
      },
      '/events/registrations/cancel': {
        post: {
          tags: ['Events'],
          operationId: 'cancelEventRegistration',
          summary: 'Cancel a registration with the token of the link in its e-mail (no account); a freed place goes to the first person waiting, who is told by e-mail',
          security: PUBLIC,
          requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string' } } }) },
          responses: { 200: answer('Cancelled', { type: 'null' }), ...errors(400, 404) },
        },
      },
      '/subscriptions/{id}': {
        delete: operation('Alerts', 'removeSubscriber', 'Remove a subscriber and what waits to be sent to them (administrators)', { 200: answer('Removed', { type: 'null' }), ...errors(401, 403, 404) }, { parameters: [parameter('id', 'The subscriber', { type: 'string' }, 'path')] }),
      },
      ...Object.fromEntries(
        ['news', 'blog'].map((type) => [
          `/${type}/{id}/alerts`,
          { get: operation('Alerts', `${type}AlertLog`, 'The sending log of an article with notify: when it went out, to how many, how many wait or were given up', { 200: answer('The log', alertLog), ...errors(401, 403) }, { parameters: [parameter('id', 'The article', { type: 'string' }, 'path')] }) },
        ]),
      ),
      ...Object.fromEntries(
        ['news', 'blog'].flatMap((type) => {
          const id = { parameters: [parameter('id', 'The article', { type: 'string' }, 'path')] };
          return [
            [
              `/${type}/{id}/channel-post`,
              {
                post: operation('Alerts', `${type}ChannelPostDraft`, 'A draft of the post to the channel of a language: the title (bold when sent), two or three sentences, the link with ?source=telegram; the cover beside it; the post so far', { 200: answer('The draft', { type: 'object', properties: { lang: { type: 'string' }, channel: { type: 'string' }, text: { type: 'string' }, photo: { type: 'string' }, post: { oneOf: [channelPost, { type: 'null' }] } } }), ...errors(400, 401, 403, 404) }, {
                  ...id,
                  requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['lang'], properties: { lang: { type: 'string' } } }) },
                }),
              },
            ],
            [
              `/${type}/{id}/channel-post/send`,
              {
                post: operation('Alerts', `${type}ChannelPostSend`, 'Queue the post (or with update: true the edit of the one sent) for the channel of a language; at most 4,096 characters, 1,024 with the picture; sent as HTML, escaped, the first line bold. Only of an article public in that language (409 not_public) and, with publishing.requireApproval, whose public version was approved (403 approval_required)', { 202: answer('Queued', channelPost), ...errors(400, 401, 403, 404, 409) }, {
                  ...id,
                  requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['lang', 'text'], properties: { lang: { type: 'string' }, text: { type: 'string', maxLength: 4096 }, photo: { type: 'boolean' }, update: { type: 'boolean' } } }) },
                }),
              },
            ],
            [`/${type}/{id}/channel-posts`, { get: operation('Alerts', `${type}ChannelPosts`, 'The channels configured, whether the bot is set up, and the article’s posts with their state (queued, sent, failed with Telegram’s reason)', { 200: answer('The posts', { type: 'object', properties: { bot: { type: 'boolean' }, channels: { type: 'object', additionalProperties: { type: 'string' } }, posts: { type: 'array', items: channelPost } } }), ...errors(401, 403) }, id) }],
          ];
        }),
      ),
      '/contact/by-email': {
        delete: operation('Contact', 'eraseContactRequestsByEmail', 'Delete every request sent with this e-mail, its subscription to alerts, its registrations for events and the links made for them as an outside reviewer (which then open nothing; the activity log no longer names them): a person asking to be forgotten', { 200: answer('How many', { type: 'object', properties: { deleted: { type: 'integer' }, subscriptions: { type: 'integer' }, registrations: { type: 'integer' }, reviewerLinks: { type: 'integer' } } }), ...errors(400, 401) }, {
          parameters: [{ ...parameter('email', 'The e-mail address', { type: 'string', format: 'email' }), required: true }],
        }),
      },
      '/auth/login/2fa': {
        post: {
          tags: ['Auth'],
          operationId: 'loginSecondStep',
          summary: 'Second step of a sign-in with two-factor on: the challenge from /auth/login and a code (or a recovery code); each code works once',
          security: PUBLIC,
          requestBody: { required: true, content: json({ type: 'object', required: ['challenge'], properties: { challenge: { type: 'string' }, code: { type: 'string', pattern: '^\\d{6}$' }, recoveryCode: { type: 'string' } } }) },
          responses: { 200: answer('Signed in', { type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: ref('User') } }), ...errors(400, 401, 429) },
        },
      },
      '/auth/2fa/setup': {
        post: operation('Auth', 'setUpTwoFactor', 'A new TOTP secret (RFC 6238, SHA-1, 30 s, 6 digits), kept aside until confirmed', {
          200: answer('The secret', { type: 'object', properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' } } }),
          ...errors(401, 409),
        }),
      },
      '/auth/2fa/enable': {
        post: operation('Auth', 'enableTwoFactor', 'Turn two-factor sign-in on with the password again and a code from the new secret; answers ten recovery codes, shown once. A wrong password counts toward the lock-out', {
          200: answer('Recovery codes', { type: 'object', properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } } }),
          ...errors(400, 401, 429),
        }, { requestBody: { required: true, content: json({ type: 'object', required: ['password', 'code'], properties: { password: { type: 'string' }, code: { type: 'string' } } }) } }),
      },
      '/auth/2fa/disable': {
        post: operation('Auth', 'disableTwoFactor', 'Turn two-factor sign-in off: the password and a code (or a recovery code)', { 200: answer('Off', { type: 'null' }), ...errors(400, 401, 429) }, {
          requestBody: { required: true, content: json({ type: 'object', required: ['password'], properties: { password: { type: 'string' }, code: { type: 'string' }, recoveryCode: { type: 'string' } } }) },
        }),
      },
      '/auth/sessions': {
        get: operation('Auth', 'listSessions', 'The signed-in user\'s sessions: device, address, last use, and which one is this', {
          200: answer('Sessions', { type: 'array', items: { type: 'object', properties: { _id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, lastUsedAt: { type: 'string', format: 'date-time' }, expiresAt: { type: 'string', format: 'date-time' }, userAgent: { type: 'string' }, ip: { type: 'string' }, current: { type: 'boolean' } } } }),
          ...errors(401),
        }),
      },
      '/auth/sessions/{id}': {
        delete: operation('Auth', 'endSession', 'End one of one\'s sessions at once', { 200: answer('Ended', { type: 'null' }), ...errors(401, 404) }, { parameters: [parameter('id', 'The session', { type: 'string' }, 'path')] }),
      },
      '/auth/sessions/end-others': {
        post: operation('Auth', 'endOtherSessions', 'End every session of the user but this one', { 200: answer('How many', { type: 'object', properties: { ended: { type: 'integer' } } }), ...errors(401) }),
      },
      '/notifications/telegram': {
        get: operation('Admin', 'getTelegramState', 'Whether new requests go to Telegram, with or without personal data, and what waits in the outbox', { 200: answer('State', untyped), ...errors(401) }),
      },
      '/notifications/telegram/test': {
        post: operation('Admin', 'sendTelegramTest', 'Send a test message to the firm\'s chat now', { 200: answer('Sent', { type: 'null' }), ...errors(400, 401, 503) }),
      },
      '/contact/counts': { get: operation('Contact', 'countContactRequests', 'Number of requests per status', { 200: answer('Counts', { type: 'object', additionalProperties: { type: 'integer' } }), ...errors(401) }) },
      '/contact/{id}': {
        get: operation('Contact', 'getContactRequest', 'Read one request, with its documents (`files`) and, for a new matter, its possible conflicts (`conflicts`)', { 200: answer('The request', { type: 'object', additionalProperties: true, properties: { files: { type: 'array', items: ref('IntakeFile') }, conflicts: { type: 'array', items: ref('Conflict') } } }), ...errors(401, 404) }, { parameters: [idParam] }),
        put: operation('Contact', 'setContactRequestStatus', 'Set the status (a new matter: conflict_check → cleared | declined; matter_opened only once cleared)', { 200: answer('Updated', untyped), ...errors(400, 401, 404) }, { parameters: [idParam], requestBody: { required: true, content: json(ref('ContactStatus')) } }),
        delete: operation('Contact', 'deleteContactRequest', 'Delete (with its documents)', { 200: answer('Deleted', { type: 'null' }), ...errors(401, 404) }, { parameters: [idParam] }),
      },
      '/contact/{id}/upload-link': {
        post: operation('Contact', 'createUploadLink', 'A one-time link to /upload/{token} for this request\'s documents (up to 10 PDF, DOCX, XLSX, JPEG or PNG files of 25 MB, once), in the request\'s language; send: true e-mails it to the requester (409 when e-mail is not connected)', { 201: answer('The link', { type: 'object', properties: { url: { type: 'string', format: 'uri' }, expiresAt: { type: 'string', format: 'date-time' }, sentTo: { type: 'string' } } }), ...errors(400, 401, 403, 404, 409) }, {
          parameters: [idParam],
          requestBody: { required: false, content: json({ type: 'object', additionalProperties: false, properties: { expiresInDays: { type: 'integer', minimum: 1, maximum: 30, default: 7 }, send: { type: 'boolean' } } }) },
        }),
      },
      '/contact/{id}/files': {
        get: operation('Contact', 'listRequestFiles', 'The request\'s documents', { 200: answer('Files', { type: 'array', items: ref('IntakeFile') }), ...errors(401, 403, 404) }, { parameters: [idParam] }),
      },
      '/contact/{id}/files/{fileId}': {
        get: operation('Contact', 'downloadRequestFile', 'One document, decrypted, as an attachment (never cached); the download is written in the activity log', { 200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, ...errors(401, 403, 404, 503) }, {
          parameters: [idParam, parameter('fileId', 'The file', { type: 'string', pattern: '^[0-9a-f]{24}$' }, 'path')],
        }),
      },
      '/intake/upload/{token}': {
        post: {
          tags: ['Contact'],
          operationId: 'uploadClientDocuments',
          summary: 'A client sends their documents through a one-time link (no account; the page /upload/{token} posts the same form): multipart, field `files`, up to 10 PDF, DOCX, XLSX, JPEG or PNG files of 25 MB each, checked by their bytes and by ClamAV when connected. All or nothing; a refused file leaves the link usable; 404 for an unknown link and 410 once used or expired, answered before the body is read; 503 with Retry-After while the instance receives too many uploads',
          security: PUBLIC,
          parameters: [parameter('token', 'The link\'s token', { type: 'string' }, 'path')],
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 10 } } } } } },
          responses: { 201: answer('Received', { type: 'array', items: ref('IntakeFile') }), ...errors(400, 404, 408, 410, 413, 422, 503) },
        },
      },
      '/vacancies/{id}/applications': {
        post: {
          tags: ['Vacancies'],
          operationId: 'applyForVacancy',
          summary: 'Apply for an open vacancy (no account; its page\'s form posts the same): multipart with name, email, phone, letter, consent (required) and the CV (field `cv`, PDF or DOCX, 25 MB), kept encrypted like a client\'s documents; lands in the inbox as kind application; 409 registration_closed once the vacancy closed (answered before the body is read); 503 with Retry-After while the instance receives too many uploads',
          security: PUBLIC,
          parameters: [idParam],
          requestBody: {
            required: true,
            content: { 'multipart/form-data': { schema: { type: 'object', required: ['name', 'email', 'consent', 'cv'], properties: { name: { type: 'string', maxLength: 200 }, email: { type: 'string', format: 'email' }, phone: { type: 'string', maxLength: 50 }, letter: { type: 'string', maxLength: 10000 }, consent: { type: 'string', enum: ['true', 'on'] }, lang: { type: 'string' }, cv: { type: 'string', format: 'binary' } } } } },
          },
          responses: { 201: answer('Received', { type: 'object', properties: { _id: { type: 'string' } } }), ...errors(400, 404, 408, 409, 413, 422, 429, 503) },
        },
      },
      '/languages': {
        get: {
          tags: ['Languages'],
          operationId: 'listLanguages',
          summary: 'Languages by order (active ones for visitors)',
          security: PUBLIC,
          parameters: [parameter('active', 'true: active only', { type: 'string', enum: ['true', 'false'] })],
          responses: { 200: answer('Languages', { type: 'array', items: { allOf: [ref('LanguageInput'), ref('RecordMeta')] } }), ...errors(400) },
        },
        post: operation('Languages', 'createLanguage', 'Add a language', { 201: answer('Created', untyped), ...errors(400, 401, 409) }, { requestBody: { required: true, content: json(ref('LanguageInput')) } }),
      },
      '/languages/{id}': {
        get: { tags: ['Languages'], operationId: 'getLanguage', summary: 'Read one', security: PUBLIC, parameters: [idParam], responses: { 200: answer('The language', untyped), ...errors(404) } },
        put: operation('Languages', 'updateLanguage', 'Update (the code cannot change; isDefault clears it on the others)', { 200: answer('Updated', untyped), ...errors(400, 401, 404, 409) }, {
          parameters: [idParam],
          requestBody: { required: true, content: json(ref('LanguageInput')) },
        }),
        delete: operation('Languages', 'deleteLanguage', 'Delete (not the default language)', { 200: answer('Deleted', { type: 'null' }), ...errors(400, 401, 404) }, { parameters: [idParam] }),
      },
      '/site-config': {
        get: { tags: ['SiteConfiguration'], operationId: 'getSiteConfig', summary: 'The whole configuration with defaults filled in', security: PUBLIC, responses: { 200: answer('Configuration', ref('SiteConfig')) } },
        put: operation('SiteConfiguration', 'updateSiteConfig', 'Replace the configuration', { 200: answer('Saved', ref('SiteConfig')), ...errors(400, 401, 409) }, { requestBody: { required: true, content: json(ref('SiteConfig')) } }),
      },
      '/site-config/copy-language': {
        post: operation('SiteConfiguration', 'copySiteConfigLanguage', 'Fill the empty texts of language `to` from language `from` (the header, footer, hours, section titles, the firm’s name), every written text kept; with transliterate, Uzbek Latin (uz) becomes Cyrillic (uz-Cyrl) or the reverse. Administrators only.', { 200: answer('Saved (unchanged when nothing was empty)', ref('SiteConfig')), ...errors(400, 401, 403) }, {
          requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: { type: 'string', example: 'uz' }, to: { type: 'string', example: 'uz-Cyrl' }, transliterate: { type: 'boolean', default: false } } }) },
        }),
      },
      '/upload/single': {
        post: operation('Uploads', 'uploadImage', 'Upload one image (field image; JPEG, PNG, GIF or WebP by content; 5 MB)', { 201: answer('Stored in every size', uploadResult), ...errors(400, 401, 413, 415) }, {
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } } } } } },
        }),
      },
      '/upload/multiple': {
        post: operation('Uploads', 'uploadImages', 'Upload up to 10 images (repeated field images), all or none: one refused file stores nothing', { 201: answer('Stored', { type: 'array', items: uploadResult }), ...errors(400, 401, 413, 415) }, {
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { images: { type: 'array', items: { type: 'string', format: 'binary' } } } } } } },
        }),
      },
      '/upload/list': {
        get: operation('Uploads', 'listImages', 'Every uploaded image, newest first, with where each is used', {
          200: answer('The images', { type: 'object', properties: { images: { type: 'array', items: { type: 'object', additionalProperties: true, properties: { usedBy: { type: 'array', items: ref('ImageUse') } } } }, total: { type: 'integer' } } }),
          ...errors(401),
        }),
      },
      '/upload/info/{path}': {
        get: operation('Uploads', 'getImage', 'One image by its path or any of its URLs; any name not in the library is a 404', { 200: answer('The image', untyped), ...errors(401, 404) }, {
          parameters: [parameter('path', 'e.g. 2026/11/name-abc123', { type: 'string' }, 'path')],
        }),
      },
      '/upload/delete': {
        delete: operation('Uploads', 'deleteImage', 'Delete an image and all its sizes; one in use is a 409 naming where (usedBy), unless force is true', { 200: answer('Deleted', { type: 'null' }), ...errors(400, 401, 404, 409) }, {
          requestBody: { required: true, content: json({ type: 'object', required: ['imagePath'], properties: { imagePath: { type: 'string' }, force: { type: 'boolean', default: false } } }) },
        }),
      },
      '/site-config/versions': {
        get: operation('SiteConfiguration', 'listSiteConfigVersions', 'Every saved configuration, newest first', { 200: answer('The versions', { type: 'array', items: ref('VersionEntry') }), ...errors(401) }),
      },
      '/site-config/versions/{version}': {
        get: operation('SiteConfiguration', 'getSiteConfigVersion', 'The configuration as that version held it', { 200: answer('The configuration then', ref('SiteConfig')), ...errors(401, 404) }, {
          parameters: [parameter('version', 'A version number', { type: 'integer', minimum: 1 }, 'path')],
        }),
      },
      '/site-config/versions/{version}/restore': {
        post: operation('SiteConfiguration', 'restoreSiteConfigVersion', 'Save that version as the newest configuration', { 200: answer('Saved', ref('SiteConfig')), ...errors(400, 401, 404) }, {
          parameters: [parameter('version', 'A version number', { type: 'integer', minimum: 1 }, 'path')],
        }),
      },
      '/transliterate': {
        post: operation(
          'Languages',
          'transliterate',
          'Uzbek text from Latin to Cyrillic script or back: rule tables for oʻ/gʻ (every apostrophe form), sh, ch, ng, yo/yu/ya/ye, word-initial e → э, h → ҳ, q → қ, x → х, and a list of exceptions (Russian loanwords)',
          { 200: answer('The converted text', { type: 'object', properties: { text: { type: 'string' } } }), ...errors(400, 401) },
          {
            requestBody: {
              required: true,
              content: json({ type: 'object', required: ['text', 'from', 'to'], properties: { text: { type: 'string', maxLength: 100000 }, from: { type: 'string', enum: ['uz-Latn', 'uz-Cyrl'] }, to: { type: 'string', enum: ['uz-Latn', 'uz-Cyrl'] } } }),
            },
          },
        ),
      },
      '/languages/preview': {
        post: operation(
          'Languages',
          'previewLanguageTexts',
          'A page of the site rendered with interface texts not saved yet (admins, and translators of that language): the HTML page itself, never cached or indexed. A form posted into a new tab sends the session token as the field token and translations as JSON text; a form is taken only from a page of this site (Sec-Fetch-Site: same-origin, or an Origin naming this host), else 403. The path is a page of the public site after decoding. A 404 is an unknown language (JSON) or a page that does not exist (its 404 page, with the texts)',
          {
            200: { description: 'The page, with a note that its texts are not saved', content: { 'text/html': { schema: { type: 'string' } } } },
            ...errors(400, 401, 403, 404),
          },
          {
            requestBody: {
              required: true,
              content: {
                ...json({ type: 'object', required: ['code', 'translations'], properties: { code: { type: 'string' }, translations: { type: 'object', additionalProperties: { type: 'string' } }, path: { type: 'string', default: '/', description: 'A page of the public site, such as /contact' } } }),
                'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['token', 'code', 'translations'], properties: { token: { type: 'string' }, code: { type: 'string' }, translations: { type: 'string', description: 'JSON' }, path: { type: 'string' } } } },
              },
            },
          },
        ),
      },
    },
  };
}

/** The operations of the routes not yet declared, by path and method. */
export const legacyOperations = () => legacyDocument().paths;

/** The schemas those operations name. A new matter's `acknowledged` is required by the server (given as true, "true" or "on"). */
export function legacySchemas(): Record<string, Schema> {
  const schemas: Record<string, Schema> = legacyDocument().components.schemas;
  const matter = schemas.MatterRequest as { required?: string[]; properties: Record<string, Schema> };
  matter.required = [...new Set([...(matter.required ?? []), 'acknowledged'])];
  matter.properties.acknowledged = { enum: [true, 'true', 'on'], description: 'Required, and true (a form sends "true" or "on"): the server refuses a new matter without it' };
  return schemas;
}

/** The descriptions of those operations' tags. */
export const LEGACY_TAGS: Record<string, string> = {
  Auth: 'Sign-in and administrators',
  Contact: 'Contact requests',
  Alerts:
    'Subscriptions to the legal alerts by e-mail; the pages /subscribe, /subscribe/confirm/{token}, /subscribe/preferences/{token} and /unsubscribe/{token} (POST there is the one-click unsubscribe) are the site’s',
  SiteConfiguration: 'The whole site configuration',
  Uploads: 'Images',
};

