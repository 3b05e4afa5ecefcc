import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { csvCell, parseCsv } from '../shared/csv.ts';
import { AppError, badRequest } from '../shared/errors.ts';
import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { assertObject, parseOrThrow } from '../shared/validation.ts';
import { MAX_TERMS, sameTerm, tidyEntries, TermInput, type Term, type TermValues } from './term-schema.ts';

/*
 * The termbase out and in: TBX-Basic (ISO 30042, the DCA style that CAT tools such as Trados and
 * memoQ read) and CSV (a column per language, variants separated by "|"). An import adds the
 * terms it does not know and changes the ones it does (matched by id, else by a preferred form in
 * a language both give: the file's languages replace the term's, a language or a note the file
 * leaves out stays); it never removes a term. `dryRun` tells what would happen without writing.
 * A TBX file with a DOCTYPE or an entity declaration is refused (no XXE, no entity expansion).
 */

export const EXCHANGE_FORMATS = ['tbx', 'csv'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];
/** The largest file an import reads (characters). */
/** Characters of a file imported at once: its JSON body stays under the 1 MB every route takes. */
export const MAX_IMPORT = 900_000;

export const ImportBody = z.strictObject({
  format: z.enum(EXCHANGE_FORMATS).describe('tbx: TBX-Basic; csv: a column per language (variants separated by |), note, doNotTranslate'),
  content: z.string().min(1, 'The file is empty').max(MAX_IMPORT, 'The file is too large: at most 900 KB at once (split it, or import it in parts)').describe('The file’s text (UTF-8)'),
});

export interface ImportReport {
  dryRun: boolean;
  added: string[];
  changed: string[];
  unchanged: number;
}

interface Incoming extends TermValues {
  id?: string;
}

const PREFERRED = 'preferredTerm-admn-sts';
const ADMITTED = 'admittedTerm-admn-sts';
/** Languages in the file's columns: the site's usual three first, then any other. */
const languageOrder = (langs: Iterable<string>) => [...new Set(langs)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const rank = (lang: string) => {
  const at = ['uz', 'uz-Cyrl', 'ru', 'en'].indexOf(lang);
  return at === -1 ? 99 : at;
};
const nameOf = (values: Pick<TermValues, 'entries'>) => Object.values(values.entries)[0]?.[0] ?? '';
const isTrue = (text: string) => /^(1|true|yes|y|ha|да|x)$/i.test(text.trim());

function toTbx(terms: readonly Term[]): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });
  const entries = terms.map((term) => ({
    '@_id': `t${term._id}`,
    ...(term.note ? { note: term.note } : {}),
    ...(term.doNotTranslate ? { admin: { '@_type': 'doNotTranslate', '#text': 'yes' } } : {}),
    langSec: languageOrder(Object.keys(term.entries)).map((lang) => ({
      '@_xml:lang': lang,
      termSec: term.entries[lang].map((form, index) => ({ term: form, termNote: { '@_type': 'administrativeStatus', '#text': index === 0 ? PREFERRED : ADMITTED } })),
    })),
  }));
  const body = builder.build({
    tbx: {
      '@_type': 'TBX-Basic',
      '@_style': 'dca',
      '@_xml:lang': 'en',
      '@_xmlns': 'urn:iso:std:iso:30042:ed-2',
      tbxHeader: { fileDesc: { sourceDesc: { p: 'The firm’s termbase' } } },
      text: { body: { conceptEntry: entries } },
    },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?xml-model href="https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/TBXcoreStructV03_TBX-Basic_integrated.rng" type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"?>\n${body}`;
}

const textIn = (node: unknown): string => {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (node && typeof node === 'object') return textIn((node as Record<string, unknown>)['#text'] ?? '');
  return '';
};
const listOf = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

function fromTbx(content: string): Incoming[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) throw badRequest('The TBX file declares a DOCTYPE or entities: they are not accepted (remove the <!DOCTYPE …> line and export again)');
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', processEntities: true, htmlEntities: false, parseTagValue: false, trimValues: true });
  let document: Record<string, unknown>;
  try {
    document = parser.parse(content, true) as Record<string, unknown>;
  } catch (error) {
    throw badRequest(`The TBX file is not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : 'check it'}`);
  }
  const root = (document.tbx ?? document.martif) as Record<string, unknown> | undefined;
  if (!root) throw badRequest('Not a TBX file: its root element must be <tbx> (or <martif> of TBX 2008)');
  const body = ((root.text as Record<string, unknown> | undefined)?.body ?? {}) as Record<string, unknown>;
  return [...listOf(body.conceptEntry), ...listOf(body.termEntry)].map((raw, index): Incoming => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const entries: Record<string, string[]> = {};
    for (const rawSec of listOf(entry.langSec ?? entry.langSet)) {
      const sec = rawSec as Record<string, unknown>;
      const lang = String(sec['@_xml:lang'] ?? '');
      if (!LANGUAGE_CODE_PATTERN.test(lang)) throw badRequest(`Entry ${index + 1}: “${lang}” is not a language code (uz, ru, en, uz-Cyrl)`);
      const forms = listOf(sec.termSec ?? sec.tig).map((rawTerm) => {
        const termSec = rawTerm as Record<string, unknown>;
        const preferred = listOf(termSec.termNote).some((note) => (note as Record<string, unknown>)?.['@_type'] === 'administrativeStatus' && textIn(note).startsWith('preferred'));
        return { form: textIn(termSec.term), preferred };
      });
      entries[lang] = [...forms.filter((form) => form.preferred), ...forms.filter((form) => !form.preferred)].map((form) => form.form);
    }
    const note = [...listOf(entry.note), ...listOf(entry.descrip).filter((descrip) => (descrip as Record<string, unknown>)?.['@_type'] === 'definition')].map(textIn).filter(Boolean).join('\n');
    const doNotTranslate = listOf(entry.admin).some((admin) => (admin as Record<string, unknown>)?.['@_type'] === 'doNotTranslate' && isTrue(textIn(admin)));
    const id = String(entry['@_id'] ?? '').replace(/^t/, '');
    return { ...termValues({ entries, note, doNotTranslate }, index), ...(id ? { id } : {}) };
  });
}

function toCsv(terms: readonly Term[]): string {
  const langs = languageOrder(terms.flatMap((term) => Object.keys(term.entries)));
  const rows = terms.map((term) => [term._id, ...langs.map((lang) => (term.entries[lang] ?? []).join(' | ')), term.note, term.doNotTranslate ? 'yes' : ''].map(csvCell).join(','));
  return `${['id', ...langs, 'note', 'doNotTranslate'].join(',')}\r\n${rows.map((row) => `${row}\r\n`).join('')}`;
}


function fromCsv(content: string): Incoming[] {
  const [header, ...lines] = parseCsv(content).filter((cells) => cells.some((value) => value.trim()));
  const names = (header ?? []).map((name) => name.trim());
  const noteAt = names.findIndex((name) => name.toLowerCase() === 'note');
  const dntAt = names.findIndex((name) => name.toLowerCase() === 'donottranslate');
  const idAt = names.findIndex((name) => name.toLowerCase() === 'id');
  const langs = names.map((name, at) => (at === noteAt || at === dntAt || at === idAt ? undefined : name));
  const unknown = langs.find((lang) => lang !== undefined && !LANGUAGE_CODE_PATTERN.test(lang));
  if (unknown !== undefined) throw badRequest(`The CSV's first line names the columns: “${unknown}” is not a language code (uz, ru, en, uz-Cyrl), note, doNotTranslate or id`);
  if (!langs.some(Boolean)) throw badRequest('The CSV has no language column: its first line names them (id,uz,ru,en,note,doNotTranslate)');
  // A cell that began with = + - @ was defused on export with an apostrophe (csvCell): taken back off.
  const clean = (cell = '') => cell.trim().replace(/^'(?=[=+\-@\t])/, '');
  return lines.map((cells, index) => {
    const entries: Record<string, string[]> = {};
    langs.forEach((lang, at) => {
      const forms = clean(cells[at]).split('|').map((form) => form.trim()).filter(Boolean);
      if (lang && forms.length) entries[lang] = forms;
    });
    const id = idAt === -1 ? '' : clean(cells[idAt]);
    return { ...termValues({ entries, note: noteAt === -1 ? '' : clean(cells[noteAt]), doNotTranslate: dntAt !== -1 && isTrue(cells[dntAt] ?? '') }, index, 'Line', 2), ...(id ? { id } : {}) };
  });
}

/** One term of a file as the schema takes it, or a 400 naming its line or entry. */
function termValues(raw: unknown, index: number, what = 'Entry', first = 1): TermValues {
  const result = TermInput.safeParse(raw);
  if (!result.success) throw badRequest(`${what} ${index + first}: ${result.error.issues[0]?.message ?? 'check it'}`);
  return { entries: tidyEntries(result.data.entries), note: result.data.note, doNotTranslate: result.data.doNotTranslate };
}

interface ExchangeHost {
  all(): Promise<Term[]>;
  write(changes: { add: TermValues[]; change: Array<{ id: string; values: TermValues }> }): Promise<string[]>;
  record(event: ChangeEvent): Promise<void>;
}

export function createTermExchange({ all, write, record }: ExchangeHost) {
  return {
    async exportFile(format: ExchangeFormat): Promise<string> {
      const terms = await all();
      return format === 'tbx' ? toTbx(terms) : `\uFEFF${toCsv(terms)}`;
    },

    /** Adds and changes the file's terms (all or none); `dryRun`: only says what would happen. */
    async importFile(body: unknown, dryRun: boolean, actor?: Actor): Promise<ImportReport> {
      const { format, content } = parseOrThrow(ImportBody, assertObject(body));
      const incoming = format === 'tbx' ? fromTbx(content) : fromCsv(content);
      if (!incoming.length) throw badRequest(`The file has no terms: ${format === 'tbx' ? 'each is a <conceptEntry> (or <termEntry>)' : 'one a line after the line that names the columns'}`);
      if (incoming.length > MAX_TERMS) throw new AppError(413, 'PAYLOAD_TOO_LARGE', `At most ${MAX_TERMS} terms at once: split the file`);
      const existing = await all();
      const byId = new Map(existing.map((term) => [term._id, term]));
      const byForm = new Map(existing.flatMap((term) => Object.entries(term.entries).map(([lang, forms]) => [`${lang}\u0000${forms[0].toLowerCase()}`, term] as const)));
      const report: ImportReport = { dryRun, added: [], changed: [], unchanged: 0 };
      const add: TermValues[] = [];
      const change: Array<{ id: string; values: TermValues }> = [];
      const claimed = new Set<string>();
      for (const { id, ...given } of incoming) {
        let values: TermValues = given;
        const match = (id ? byId.get(id) : undefined) ?? Object.entries(values.entries).map(([lang, forms]) => byForm.get(`${lang}\u0000${forms[0].toLowerCase()}`)).find(Boolean);
        if (match && !claimed.has(match._id)) {
          claimed.add(match._id);
          // The file's languages replace the term's; a language or a note the file leaves out stays.
          values = { entries: { ...match.entries, ...values.entries }, note: values.note || match.note, doNotTranslate: values.doNotTranslate };
          if (sameTerm(match, values)) report.unchanged += 1;
          else {
            change.push({ id: match._id, values });
            report.changed.push(nameOf(values));
          }
        } else {
          add.push(values);
          report.added.push(nameOf(values));
        }
      }
      if (dryRun || (!add.length && !change.length)) return report;
      await write({ add, change });
      await record({ entity: 'terms', action: 'update', id: '', actor, summary: `Terms imported (${format.toUpperCase()}): ${add.length} new, ${change.length} changed` });
      return report;
    },
  };
}
