import { badRequest, tooManyRequests, validationError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { StoredRecord } from '../shared/entity.ts';
import type { RecordStore } from '../shared/record-store.ts';
import type { ServiceEnvironment } from '../shared/record-service.ts';
import { assertObject, issuesToDetails } from '../shared/validation.ts';
import { storedConsent } from '../privacy/consent.ts';
import { ApplicationSchema, ContactFormSchema, MatterRequestSchema, type ContactFormInput, type ContactKind, type ContactStatus } from './contact-schema.ts';
import { HONEYPOT_FIELD, refuseTooFast, type ClientKey, type PreparedRequest, type PrivacyNow, type PrivacySettings, type StoredContact, type SubmitContext, type VacancyApplied } from './contact-service.ts';

/** Spam protection a person never notices (SPEC.md leaves it to us; see docs/api.md). */
const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
const CONSENT_REQUIRED = 'Consent is required: tick the box to agree to the privacy policy';
const ACKNOWLEDGEMENT_REQUIRED = 'Tick the box to confirm you have read both warnings: no lawyer–client relationship yet, and no confidential facts';

/**
 * What visitors send: a message, a new matter's request, an application. Each passes the same
 * checks (the per-address limit, speed, the honeypot, consent) before it is kept, and the firm
 * hears of it after it is saved.
 */
export function createContactSubmissions(
  store: RecordStore,
  environment: Pick<ServiceEnvironment, 'changed'>,
  clientKey: ClientKey,
  privacy: PrivacySettings,
  received?: (request: StoredContact, settings: PrivacyNow) => Promise<void> | void,
) {
  /** Seconds until this sender may send again: their accepted requests of the window, in the database. */
  async function waitFor(key: string, now = Date.now()): Promise<number> {
    const since = new Date(now - CONTACT_LIMIT.windowMs).toISOString();
    const recent = await store.list({ conditions: [{ column: 'client_key', op: '=', value: key }, { column: 'created_at', op: '>', value: since }], limit: CONTACT_LIMIT.max });
    if (recent.length < CONTACT_LIMIT.max) return 0;
    const oldest = Date.parse(String(recent[recent.length - 1].createdAt));
    return Math.max(1, Math.ceil((oldest + CONTACT_LIMIT.windowMs - now) / 1000));
  }

  /** Everything a request must pass before it is kept; nothing is stored here. */
  async function prepare(raw: Record<string, unknown>, context: SubmitContext | undefined, kind: ContactKind): Promise<PreparedRequest | { _id: string; discarded: true }> {
    // Only accepted messages count (they are the stored ones): a visitor who corrects a typo
    // five times is not locked out; every instance sees the same count, also after a restart.
    const key = context ? await clientKey(context.address) : undefined;
    if (key) {
      const wait = await waitFor(key);
      if (wait > 0) {
        throw tooManyRequests('You have sent several messages in a short time. Please try again in a few minutes.', wait);
      }
    }
    refuseTooFast(raw.elapsedMs);
    const schema = kind === 'matter' ? MatterRequestSchema : kind === 'application' ? ApplicationSchema : ContactFormSchema;
    const parsed = schema.safeParse(raw);
    const settings = await privacy();
    const given = (value: unknown) => value === true || value === 'true' || value === 'on';
    const consented = parsed.success && given(parsed.data.consent);
    const details = parsed.success ? [] : issuesToDetails(parsed.error.issues, raw);
    const missing = (path: string) => !details.some((detail) => detail.path === path);
    if ((settings.requireConsent || kind === 'application') && !consented && missing('consent')) details.push({ path: 'consent', message: CONSENT_REQUIRED, code: 'required' });
    if (kind === 'matter' && !given(raw.acknowledged) && missing('acknowledged')) details.push({ path: 'acknowledged', message: ACKNOWLEDGEMENT_REQUIRED, code: 'required' });
    if (details.length || !parsed.success) throw validationError(details);
    if (typeof raw[HONEYPOT_FIELD] === 'string' && raw[HONEYPOT_FIELD] !== '') return { _id: newId(), discarded: true };
    // Consent and the acknowledgement are kept as what they are (consent with its moment), not as fields.
    const { consent: _consent, acknowledged: _acknowledged, lang, ...input } = parsed.data as Record<string, unknown> & { lang?: string };
    const language = lang || settings.defaultLanguage;
    // The words and facts the page showed, made again here from the configuration (never the visitor's copy).
    const consentKind = kind === 'message' ? 'contact' : kind;
    const consent = consented ? { given: true, ...storedConsent(await settings.consentOf(consentKind, language), language), policyVersion: settings.policyVersion, lang: language } : null;
    const fields: Record<string, unknown> =
      kind === 'matter'
        ? { ...input, kind, subject: input.company, message: '', status: 'conflict_check' }
        : kind === 'application'
          ? { name: input.name, email: input.email, phone: input.phone ?? '', kind, message: input.letter ?? '', status: 'new' }
          : { ...input, kind, status: 'new' };
    return { fields: { phone: '', service: '', ...fields, lang: language, consent, ...(key ? { clientKey: key } : {}) }, settings };
  }

  /** Stores a request that passed `prepare`, and tells the firm (unless `quiet`: the demo's requests, which nobody sent). */
  async function keep(prepared: PreparedRequest, extra: Record<string, unknown> = {}, quiet = false): Promise<StoredRecord> {
    const created = await store.insert({ ...prepared.fields, ...extra });
    await environment.changed({ entity: 'contacts', action: 'create', id: created._id, summary: `Contact request ${created._id}` });
    // The firm hears of it (e-mail, the Telegram outbox); that never fails the visitor's answer.
    if (quiet) return created;
    const { clientKey: _key, consent: _consent, ...told } = { ...prepared.fields, ...extra } as Record<string, unknown>;
    await Promise.resolve(received?.({ ...(told as ContactFormInput), _id: created._id, createdAt: created.createdAt, status: created.status as ContactStatus }, prepared.settings)).catch(() => {});
    return created;
  }

  return {
    /**
     * Stores a visitor's message with status `new`; it is saved before the visitor is answered.
     * A filled honeypot field is answered as if stored (the robot learns nothing); a form sent
     * sooner than a person can fill it (elapsedMs) is refused; one address may send 5 per 10 min.
     * `quiet`: stored without telling anyone (no e-mail, no Telegram message): the demo's requests.
     */
    async submit(body: unknown, context?: SubmitContext, options: { quiet?: boolean } = {}): Promise<StoredRecord | { _id: string; discarded: true }> {
      const raw = assertObject(body);
      if (raw.kind === 'application') throw badRequest('An application is sent with the vacancy’s form, with its CV: POST /api/vacancies/{id}/applications');
      const prepared = await prepare(raw, context, raw.kind === 'matter' ? 'matter' : 'message');
      return 'discarded' in prepared ? prepared : keep(prepared, {}, options.quiet);
    },

    /**
     * Checks an application's fields as `submit` checks a message (limit, speed, honeypot,
     * consent — always required here), without storing it: its CV is checked next, and only
     * when both pass does `storeApplication` keep it.
     */
    async checkApplication(body: unknown, context?: SubmitContext): Promise<PreparedRequest | { _id: string; discarded: true }> {
      return prepare(assertObject(body), context, 'application');
    },

    async storeApplication(prepared: PreparedRequest, vacancy: VacancyApplied): Promise<StoredRecord> {
      return keep(prepared, { vacancy: vacancy._id, subject: vacancy.title });
    },
  };
}
