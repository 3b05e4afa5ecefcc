import { AppError } from '../../domain/shared/errors.ts';
import type { MachineTranslator, MtProviderName } from '../../domain/translation/machine-drafts.ts';
import type { TermProtection } from '../../domain/translation/machine-segments.ts';

/*
 * The translation services behind MT_PROVIDER (API-4.md "The translation desk"), each speaking its
 * documented HTTP API: DeepL (POST /v2/translate), Google Cloud Translation v2 (POST
 * /language/translate/v2) and Yandex Cloud Translate (POST /translate/v2/translate). Segments are
 * HTML (domain/translation/machine-segments.ts), sent in batches within each service's limits;
 * each call times out, 429 and 5xx are tried again with back-off, and whatever still fails is a 502
 * (the service refused) or a 503 (it is busy or does not answer) the admin can act on.
 */

export interface MtConfig {
  provider: MtProviderName;
  apiKey: string;
  /** Another address than the service's own (a proxy; the tests' stand-ins). */
  apiUrl?: string;
  /** Yandex with an IAM token or a user's key: the folder billed. */
  folderId?: string;
}

/** How long one call may take, and how often 429 and 5xx are tried again. */
const TIMEOUT_MS = 20_000;
const RETRIES = 2;
const BACKOFF_MS = 500;
/** A Retry-After longer than this is not waited for: the admin is told to try later. */
const LONGEST_WAIT_MS = 10_000;

interface Limits {
  texts: number;
  chars: number;
}

/** Segments in batches of at most `limits.texts` texts and `limits.chars` characters (a longer text goes alone). */
function batches(segments: readonly string[], limits: Limits): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let size = 0;
  segments.forEach((segment, index) => {
    if (current.length && (current.length >= limits.texts || size + segment.length > limits.chars)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(index);
    size += segment.length;
  });
  if (current.length) out.push(current);
  return out;
}

const NAMES: Record<MtProviderName, string> = { deepl: 'DeepL', google: 'Google Cloud Translation', yandex: 'Yandex Translate' };

const busy = (name: string, why: string) => new AppError(503, 'UNAVAILABLE', `${name} ${why}: nothing was changed — try the machine draft again in a few minutes.`, { reason: 'mt_busy' });
const refused = (name: string, why: string) => new AppError(502, 'BAD_GATEWAY', `${name} refused the translation (${why}): nothing was changed — ask whoever runs the site to check MT_PROVIDER and MT_API_KEY.`, { reason: 'mt_failed' });

/** One call with time-out and retries; the answer's JSON, or the problem to tell. */
async function call(name: string, url: string, init: { headers: Record<string, string>; body: unknown }): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...init.headers }, body: JSON.stringify(init.body), signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      if (attempt < RETRIES) {
        await wait(BACKOFF_MS * 2 ** attempt);
        continue;
      }
      throw busy(name, error instanceof Error && error.name === 'TimeoutError' ? `did not answer within ${TIMEOUT_MS / 1000} s` : 'could not be reached');
    }
    if (response.ok) {
      try {
        return await response.json();
      } catch {
        throw refused(name, 'its answer was not JSON');
      }
    }
    const text = await response.text().catch(() => '');
    if ((response.status === 429 || response.status >= 500) && attempt < RETRIES) {
      const after = Number(response.headers.get('retry-after'));
      const delay = Number.isFinite(after) && after >= 0 && response.headers.has('retry-after') ? after * 1000 : BACKOFF_MS * 2 ** attempt;
      if (delay <= LONGEST_WAIT_MS) {
        await wait(delay);
        continue;
      }
    }
    if (response.status === 429) throw busy(name, 'is receiving too many requests');
    // DeepL: 456, the month's characters used up.
    if (response.status === 456) throw busy(name, 'says the quota of characters is used up');
    if (response.status >= 500) throw busy(name, `answered ${response.status}`);
    if (response.status === 401 || response.status === 403) throw refused(name, 'the key was not accepted');
    throw refused(name, `${response.status}${text ? `: ${providerMessage(text)}` : ''}`);
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The message a service put in its error body (DeepL `message`, Google `error.message`, Yandex `message`), short. */
function providerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
    return String(body.message ?? body.error?.message ?? text).slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}

function answerTexts(name: string, body: unknown, read: (body: Record<string, unknown>) => unknown[] | undefined, count: number): string[] {
  const items = body && typeof body === 'object' ? read(body as Record<string, unknown>) : undefined;
  if (!Array.isArray(items) || items.length !== count) throw refused(name, 'its answer did not hold one translation per text');
  return items.map((item) => String(item ?? ''));
}

const unwrapTag = (tag: RegExp) => (html: string) => html.replace(tag, '$1');
/** The site's language code as a service knows it: uz, ru, en (Uzbek in Cyrillic is translated as Latin, then transliterated). */
const base = (code: string) => code.split('-')[0].toLowerCase();

function deepl(config: MtConfig): MachineTranslator {
  const name = NAMES.deepl;
  // A key of the free plan ends in ":fx" and has its own host.
  const url = `${(config.apiUrl ?? (config.apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com')).replace(/\/$/, '')}/v2/translate`;
  const protection: TermProtection = { wrap: (term) => `<x>${term}</x>`, unwrap: unwrapTag(/<x>([\s\S]*?)<\/x>/g) };
  const target = (code: string) => (base(code) === 'en' ? 'EN-GB' : base(code) === 'pt' ? 'PT-PT' : base(code).toUpperCase());
  return {
    provider: 'deepl',
    name,
    protection,
    async translate(segments, from, to) {
      const out: string[] = [];
      // DeepL: at most 50 texts and 128 KiB a request.
      for (const batch of batches(segments, { texts: 50, chars: 100_000 })) {
        const text = batch.map((index) => segments[index]);
        // Uzbek is among DeepL's newer ("beta") languages, which a request must ask for.
        const beta = [from, to].some((code) => base(code) === 'uz') ? { enable_beta_languages: true } : {};
        const body = await call(name, url, { headers: { Authorization: `DeepL-Auth-Key ${config.apiKey}` }, body: { text, source_lang: base(from).toUpperCase(), target_lang: target(to), tag_handling: 'xml', ignore_tags: ['x'], ...beta } });
        out.push(...answerTexts(name, body, (answer) => (Array.isArray(answer.translations) ? answer.translations.map((item: { text?: unknown }) => item?.text) : undefined), text.length));
      }
      return out;
    },
  };
}

function google(config: MtConfig): MachineTranslator {
  const name = NAMES.google;
  const url = `${(config.apiUrl ?? 'https://translation.googleapis.com').replace(/\/$/, '')}/language/translate/v2?key=${encodeURIComponent(config.apiKey)}`;
  const protection: TermProtection = { wrap: (term) => `<span translate="no">${term}</span>`, unwrap: unwrapTag(/<span translate="no">([\s\S]*?)<\/span>/g) };
  return {
    provider: 'google',
    name,
    protection,
    async translate(segments, from, to) {
      const out: string[] = [];
      // Cloud Translation v2: at most 128 texts a request, about 30,000 code points advised.
      for (const batch of batches(segments, { texts: 128, chars: 30_000 })) {
        const q = batch.map((index) => segments[index]);
        const body = await call(name, url, { headers: {}, body: { q, source: base(from), target: base(to), format: 'html' } });
        out.push(...answerTexts(name, body, (answer) => { const data = answer.data as { translations?: Array<{ translatedText?: unknown }> } | undefined; return data?.translations?.map((item) => item?.translatedText); }, q.length));
      }
      return out;
    },
  };
}

function yandex(config: MtConfig): MachineTranslator {
  const name = NAMES.yandex;
  const url = `${(config.apiUrl ?? 'https://translate.api.cloud.yandex.net').replace(/\/$/, '')}/translate/v2/translate`;
  // Yandex has no "leave this alone" markup: the term becomes an empty placeholder and comes back after.
  const protection: TermProtection = {
    wrap: (_term, index) => `<span data-t="${index}"></span>`,
    unwrap: (html, terms) => html.replace(/<span data-t="(\d+)">\s*<\/span>/g, (whole, index: string) => (terms[Number(index)] ?? whole).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')),
  };
  return {
    provider: 'yandex',
    name,
    protection,
    async translate(segments, from, to) {
      const out: string[] = [];
      // Yandex Cloud Translate: at most 10,000 characters a request.
      for (const batch of batches(segments, { texts: 1000, chars: 10_000 })) {
        const texts = batch.map((index) => segments[index]);
        const body = await call(name, url, { headers: { Authorization: `Api-Key ${config.apiKey}` }, body: { texts, sourceLanguageCode: base(from), targetLanguageCode: base(to), format: 'HTML', ...(config.folderId ? { folderId: config.folderId } : {}) } });
        out.push(...answerTexts(name, body, (answer) => (Array.isArray(answer.translations) ? answer.translations.map((item: { text?: unknown }) => item?.text) : undefined), texts.length));
      }
      return out;
    },
  };
}

export function createMachineTranslator(config: MtConfig): MachineTranslator {
  return config.provider === 'deepl' ? deepl(config) : config.provider === 'google' ? google(config) : yandex(config);
}
