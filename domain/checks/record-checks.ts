import type { Database } from '../../db/connection.ts';
import { documentOutsideLinks, isDocument, type DocReference } from '../documents/document.ts';
import { notFound } from '../shared/errors.ts';
import { columnOf, type TextSaved } from '../shared/entity.ts';
import { isId } from '../shared/ids.ts';
import { isPlainObject, isWritten, pickText, textOf, type Localized } from '../shared/localized.ts';
import type { RecordStore } from '../shared/record-store.ts';
import type { RecordType } from '../shared/record-type.ts';
import { textShape, translationState } from '../shared/translation-state.ts';
import { prepareTerms, type PreparedTerms } from '../terms/term-match.ts';
import { readTerms } from '../terms/term-service.ts';
import { createMachineMarks } from '../translation/machine-drafts.ts';
import { documentChecks, severityOf, type Check } from './document-checks.ts';
import { SNIPPET, snippetWidth } from './snippet.ts';

/*
 * Checks before publishing (API-3.md): what a record — as saved, as its working copy, or as a save
 * is about to make it — should have fixed, in every public language; the whole site's report; and
 * the outside links a weekly job asked about. Errors first; the record service refuses to publish
 * with an error in the default language (domain/shared/record-service.ts).
 */

export interface ReportItem extends Check {
  type: string;
  _id: string;
  title: string;
}

export interface LinkAnswer {
  status?: number;
  broken: boolean;
  /** Why it is broken (a timeout, no such host), or why it was not asked (an address on the firm's own network). */
  problem?: string;
}

export interface RecordChecksDeps {
  database: Database;
  types: readonly RecordType[];
  storeOf(type: RecordType): RecordStore;
  /** The record (`draft`: its working copy) as the admin reads it; a 404 when there is none. */
  read(type: RecordType, id: string, draft: boolean): Promise<Record<string, unknown>>;
  publicLanguages(): Promise<string[]>;
  defaultLanguage(): Promise<string>;
  siteConfig(): Promise<Record<string, unknown>>;
  /** Where a record of the site a document links to is public, or undefined. */
  publicPathOf(ref: DocReference): Promise<string | undefined>;
  /** The site's own address: links to it are not outside links. */
  publicUrl?: string;
}

const byErrorsFirst = (a: Check, b: Check) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1);

const comparable = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** A text at a dotted path of the site configuration (`legal.mattersDisclaimer`). */
function configText(config: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, part) => (isPlainObject(value) ? value[part] : undefined), config);
}

/**
 * The state language first (`publishing.defaultLanguageFirst`, on unless switched off): a record's
 * text (a short one or a document) written in another language while empty in the default one. Told in the default
 * language, so that publishing stops (`blocking` keeps the default language's errors).
 */
function defaultLanguageFirst(type: RecordType, record: Record<string, unknown>, defaultLanguage: string, config: Record<string, unknown>): Check[] {
  if (configText(config, 'publishing.defaultLanguageFirst') === false) return [];
  // The schema already asks for the default language's title and body where they are required; this is every other text.
  const fields = [...new Set([...type.localizedFields, ...type.documentFields])];
  const checks: Check[] = [];
  for (const field of fields) {
    const value = record[field];
    if (!isPlainObject(value) || isWritten(value[defaultLanguage])) continue;
    const written = Object.keys(value).filter((lang) => lang !== defaultLanguage && isWritten(value[lang]));
    if (!written.length) continue;
    const others = written.map((lang) => lang.toUpperCase()).join(', ');
    checks.push({
      lang: defaultLanguage,
      field,
      code: 'default_language_missing',
      severity: severityOf('default_language_missing'),
      message: `Written in ${others} but not in ${defaultLanguage.toUpperCase()}: the ${defaultLanguage.toUpperCase()} text comes first — write it, then publish (other languages are published as its unofficial translations)`,
      params: { languages: written.map((lang) => lang.toUpperCase()).join(', ') },
    });
  }
  return checks;
}

/** `term_mismatch`: a termbase term in a field's default-language text that a translation of that field does not use. */
function termChecks(type: RecordType, record: Record<string, unknown>, terms: PreparedTerms, defaultLanguage: string, languages: readonly string[]): Check[] {
  const checks: Check[] = [];
  for (const field of new Set([...type.localizedFields, ...type.documentFields])) {
    const value = record[field];
    if (!isPlainObject(value)) continue;
    const texts = Object.fromEntries(Object.entries(value).map(([lang, text]) => [lang, textOf(text)]));
    for (const found of terms.mismatches(texts, defaultLanguage, languages)) {
      const message = found.doNotTranslate
        ? `“${found.term}” is not translated (the termbase says so): write it in the ${found.lang.toUpperCase()} text as it is — ${found.expected.map((form) => `“${form}”`).join(' or ')}`
        : `The ${defaultLanguage.toUpperCase()} text uses the term “${found.term}”; the ${found.lang.toUpperCase()} text uses none of its forms: write ${found.expected.map((form) => `“${form}”`).join(' or ')}`;
      checks.push({ lang: found.lang, field, code: 'term_mismatch', severity: severityOf('term_mismatch'), message, params: { term: found.term, lang: found.lang, expected: found.expected[0] } });
    }
  }
  return checks;
}

export function createRecordChecks(deps: RecordChecksDeps) {
  const { database, types } = deps;
  const typeNamed = (name: string) => types.find((type) => type.name === name);
  const machineMarks = createMachineMarks(database);

  /**
   * Titles of the public records of a type, per language: which records read so. Only the title
   * column is read (an admin's check or the report, never a save: see `blocking`).
   */
  async function publicTitles(type: RecordType): Promise<Map<string, Map<string, string[]>>> {
    const titles = new Map<string, Map<string, string[]>>();
    if (!type.snippet) return titles;
    for (const { _id, value } of await deps.storeOf(type).columnWithIds(columnOf(type.snippet.title[0]), type.publicConditions(new Date().toISOString()))) {
      if (!isPlainObject(value)) continue;
      for (const [lang, text] of Object.entries(value)) {
        if (!isWritten(text)) continue;
        const byTitle = titles.get(lang) ?? new Map<string, string[]>();
        const key = comparable(textOf(text));
        byTitle.set(key, [...(byTitle.get(key) ?? []), _id]);
        titles.set(lang, byTitle);
      }
    }
    return titles;
  }

  async function brokenLinks(): Promise<Map<string, { status: number | null; problem: string | null }>> {
    const rows = await database.db.selectFrom('link_checks').select(['url', 'status', 'problem']).where('broken', '=', 1).execute();
    return new Map(rows.map((row: { url: string; status: number | null; problem: string | null }) => [row.url, { status: row.status, problem: row.problem }]));
  }

  interface Context {
    languages: string[];
    defaultLanguage: string;
    config: Record<string, unknown>;
    titles: Map<string, Map<string, string[]>>;
    broken: Map<string, { status: number | null; problem: string | null }>;
    /** Only the errors are wanted (a save): the warnings are not worked out. */
    errorsOnly: boolean;
    /** The termbase, prepared once for the run (none on a save). */
    terms?: PreparedTerms;
    /** The records of the type with machine-made texts (the report reads them once); undefined: ask for each record. */
    machineIds?: Set<string>;
  }

  /** What the checks read of the site once, whatever the type. */
  async function siteContext(errorsOnly: boolean) {
    const [languages, defaultLanguage, config, broken, terms] = await Promise.all([
      errorsOnly ? [] : deps.publicLanguages(),
      deps.defaultLanguage(),
      deps.siteConfig(),
      errorsOnly ? new Map<string, { status: number | null; problem: string | null }>() : brokenLinks(),
      // The termbase, once per run; never on a save (`term_mismatch` is a warning).
      errorsOnly ? undefined : readTerms(database).then(prepareTerms),
    ]);
    return { languages, defaultLanguage, config, broken, errorsOnly, terms };
  }

  /** What the checks of a type read once; `errorsOnly` (a save) reads nothing the warnings alone need. */
  async function contextOf(type: RecordType, site: Omit<Context, 'titles'>): Promise<Context> {
    return { ...site, titles: site.errorsOnly ? new Map() : await publicTitles(type) };
  }

  /** The problems of one record's values; `id` is undefined for a record not saved yet. */
  async function problemsOf(type: RecordType, id: string | undefined, record: Record<string, unknown>, textSaved: TextSaved, context: Context): Promise<Check[]> {
    const { languages, defaultLanguage, config } = context;
    const problems: Check[] = [];
    const add = (check: Omit<Check, 'severity'>) => problems.push({ ...check, severity: severityOf(check.code) });
    for (const field of type.documentFields) {
      const value = record[field];
      if (!isPlainObject(value)) continue;
      for (const [lang, doc] of Object.entries(value)) {
        const { checks, references } = documentChecks(doc, field, lang);
        problems.push(...checks);
        for (const ref of references) {
          if (!(await deps.publicPathOf(ref))) add({ lang, field, code: 'link_to_unpublished', message: 'A link leads to a page visitors cannot open (it is not published or was deleted): link another page or publish that one', params: { type: ref.type, id: ref.id } });
        }
        if (!isDocument(doc)) continue;
        for (const href of documentOutsideLinks(doc, deps.publicUrl)) {
          const broken = context.broken.get(href);
          if (broken) add({ lang, field, code: 'broken_link', message: `The link “${href}” did not open when it was last checked (${broken.status ? `the site answered ${broken.status}` : (broken.problem ?? 'no answer')}): correct it or remove it`, params: { href, ...(broken.status ? { status: broken.status } : {}) } });
        }
      }
    }
    if (type.snippet && !context.errorsOnly) {
      const company = config.companyName as Localized | undefined;
      const titleOf = (lang: string) => type.snippet!.title.map((field) => record[field]).filter(isPlainObject).map((value) => (isWritten(value[lang]) ? textOf(value[lang]) : '')).filter(Boolean).join(' — ');
      for (const lang of languages) {
        const title = titleOf(lang);
        if (title) {
          const shown = `${title} | ${pickText(company, lang, defaultLanguage)}`;
          const width = snippetWidth(shown, 'title');
          if (width > SNIPPET.title.limit) add({ lang, field: type.snippet.title[0], code: 'title_too_long', message: `Search results cut this title: it is ${width} px wide with the firm's name, and about ${SNIPPET.title.limit} px are shown — shorten it`, params: { width, limit: SNIPPET.title.limit } });
          const same = (context.titles.get(lang)?.get(comparable(textOf((record[type.snippet.title[0]] as Localized)[lang] ?? ''))) ?? []).filter((other) => other !== id);
          if (same.length) add({ lang, field: type.snippet.title[0], code: 'duplicate_title', message: 'Another published page has the same title: search results cannot tell them apart — make this one say what is its own', params: { id: same[0] } });
        }
        const description = type.snippet.description ? record[type.snippet.description] : undefined;
        if (type.snippet.description && isPlainObject(description) && isWritten(description[lang])) {
          const width = snippetWidth(textOf(description[lang]), 'description');
          if (width > SNIPPET.description.limit) add({ lang, field: type.snippet.description, code: 'description_too_long', message: `Search results cut this description after about ${SNIPPET.description.limit} px; it is ${width} px — put what matters first or shorten it`, params: { width, limit: SNIPPET.description.limit } });
        }
      }
    }
    const disclaimer = type.disclaimer ? configText(config, type.disclaimer) : undefined;
    // The default language's own text: another language's does not stand in for it.
    if (type.disclaimer && !(isPlainObject(disclaimer) && typeof disclaimer[defaultLanguage] === 'string' && isWritten(disclaimer[defaultLanguage]))) {
      add({ lang: defaultLanguage, field: type.disclaimer, code: 'disclaimer_missing', message: `The firm's disclaimer (${type.disclaimer}) is empty in ${defaultLanguage.toUpperCase()}: write it under Settings before these are public` });
    }
    problems.push(...defaultLanguageFirst(type, record, defaultLanguage, config));
    // In any language: publishing shows it to visitors as the firm's words.
    if (id && (!context.machineIds || context.machineIds.has(id))) {
      for (const mark of await machineMarks.unconfirmed(type.name, id, record)) {
        add({ lang: mark.lang, field: mark.field, code: 'machine_unreviewed', message: `The ${mark.lang.toUpperCase()} text was written by machine translation and nobody has confirmed it: read it, correct it or press Confirm, then publish`, params: { provider: mark.provider } });
      }
    }
    const shape = context.errorsOnly ? {} : textShape(record, type.localizedFields);
    for (const code of context.errorsOnly ? [] : languages) {
      if (code === defaultLanguage) continue;
      // Field by field: a missing text, one still in the default language's words and an outdated one are all told.
      for (const field of type.localizedFields) {
        const { state, same } = translationState(shape, textSaved, [field], code, defaultLanguage);
        if (state === 'complete') continue;
        if (same?.length) add({ lang: code, field, code: 'same_as_source', message: `The ${code.toUpperCase()} text is the ${defaultLanguage.toUpperCase()} text, word for word: translate it` });
        else if (state === 'missing') add({ lang: code, field, code: 'missing_translation', message: `Not translated into ${code.toUpperCase()} yet` });
        else add({ lang: code, field, code: 'outdated_translation', message: `The ${defaultLanguage.toUpperCase()} text changed after the ${code.toUpperCase()} translation: check it` });
      }
    }
    if (context.terms?.size) problems.push(...termChecks(type, record, context.terms, defaultLanguage, languages));
    return problems.sort(byErrorsFirst);
  }

  /** A type visitors see records of (published, with a page or a list): the others have no checks. */
  const checked = (type: RecordType | undefined): type is RecordType => Boolean(type?.visibilityField);

  return {
    /** What a record (`draft`: its working copy) should have fixed; 404 for no such record or a type without publishing. */
    async ofRecord(typeName: string, id: string, options: { draft?: boolean } = {}): Promise<Check[]> {
      const type = typeNamed(typeName);
      if (!checked(type) || !isId(id)) throw notFound(type?.label ?? 'Record type');
      const record = await deps.read(type, id, Boolean(options.draft));
      const found = await deps.storeOf(type).findWithTextSaved(id);
      return problemsOf(type, id, record, found?.textSaved ?? {}, await contextOf(type, await siteContext(false)));
    },

    /** The errors in the default language of values a save is about to make public (the 422 `checks_failed`), and machine-made texts nobody confirmed in any. */
    async blocking(type: RecordType, id: string | undefined, record: Record<string, unknown>, textSaved: TextSaved): Promise<Check[]> {
      if (!checked(type)) return [];
      // Read on every save that publishes: nothing here may grow with the number of records.
      const context = await contextOf(type, await siteContext(true));
      return (await problemsOf(type, id, record, textSaved, context)).filter((check) => check.severity === 'error' && (check.lang === context.defaultLanguage || check.code === 'machine_unreviewed'));
    },

    /** Every current problem of every public record, errors first, then by type and title. */
    async report(): Promise<ReportItem[]> {
      const items: ReportItem[] = [];
      const site = await siteContext(false);
      for (const type of types.filter(checked)) {
        const context = { ...(await contextOf(type, site)), machineIds: new Set(await machineMarks.ids(type.name)) };
        const store = deps.storeOf(type);
        // Two reads a type, however many records it has: the records, and when each text was saved.
        const [records, shapes] = await Promise.all([store.list({ conditions: type.publicConditions(new Date().toISOString()) }), store.listTextShapes(type.admin.titleField)]);
        const textSaved = new Map(shapes.map((shape) => [shape._id, shape.textSaved]));
        for (const record of records) {
          const title = pickText(record[type.admin.titleField] as Localized | string | undefined, context.defaultLanguage);
          for (const check of await problemsOf(type, record._id, record, textSaved.get(record._id) ?? {}, context)) items.push({ type: type.name, _id: record._id, title, ...check });
        }
      }
      return items.sort(byErrorsFirst);
    },

    /** Every outside address public records link to. */
    async outsideLinks(): Promise<Set<string>> {
      const links = new Set<string>();
      for (const type of types.filter((candidate) => checked(candidate) && candidate.documentFields.length)) {
        for (const record of await deps.storeOf(type).list({ conditions: type.publicConditions(new Date().toISOString()) })) {
          for (const field of type.documentFields) {
            const value = record[field];
            if (!isPlainObject(value)) continue;
            for (const doc of Object.values(value)) if (isDocument(doc)) for (const href of documentOutsideLinks(doc, deps.publicUrl)) links.add(href);
          }
        }
      }
      return links;
    },
  };
}

export type RecordChecks = ReturnType<typeof createRecordChecks>;
