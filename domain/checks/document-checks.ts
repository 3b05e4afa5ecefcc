import { isDocument, tidyLawLink, walk, type Doc, type DocReference } from '../documents/document.ts';

/*
 * What a document is checked for before it is published (API-3.md "Checks before publishing"),
 * from the document alone: a skipped heading level, a link whose words say nothing ("here"), a
 * lex.uz address that is not a document's (a warning: lex.uz has more addresses than we know), a
 * picture without alt text. Links to records of the
 * site are given back to be looked up (a link to one that is not public is an error).
 */

export const CHECK_CODES = [
  'missing_translation',
  'same_as_source',
  'outdated_translation',
  'image_without_alt',
  'heading_order',
  'generic_link_text',
  'link_to_unpublished',
  'bad_law_link',
  'title_too_long',
  'description_too_long',
  'duplicate_title',
  'disclaimer_missing',
  'broken_link',
  'default_language_missing',
  'term_mismatch',
  'machine_unreviewed',
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

export interface Check {
  lang: string;
  field: string;
  code: CheckCode;
  severity: 'error' | 'warning';
  message: string;
  params?: Record<string, string | number>;
}

/** Errors stop publishing; the others are warnings. */
const ERROR_CODES: readonly CheckCode[] = ['link_to_unpublished', 'image_without_alt', 'disclaimer_missing', 'default_language_missing', 'machine_unreviewed'];
export const severityOf = (code: CheckCode): Check['severity'] => (ERROR_CODES.includes(code) ? 'error' : 'warning');

/** Link words that say nothing of where they lead, in the site's languages (lower case, no final punctuation). */
const GENERIC_LINK_WORDS = new Set(['bu yerda', 'shu yerda', 'bu yerga', 'shu yerga', 'havola', 'batafsil', 'бу ерда', 'шу ерда', 'здесь', 'тут', 'по ссылке', 'ссылка', 'подробнее', 'here', 'click here', 'this link', 'link', 'read more', 'more']);
/**
 * A lex.uz document as lex.uz itself links it: `docs/{id}` (a negative id too) or `acts/{id}`, in a
 * language (`ru/docs/…`), as in force on a date (`?ONDATE=01.01.2026`), at an article (`#anchor`).
 * `http://` and `www.` are corrected when a document is saved (withLawLinksTidied), so not told.
 */
const LAW_LINK = /^https:\/\/lex\.uz\/(?:[a-z]{2}\/)?(?:docs|acts)\/-?\d+\/?(?:\?(?:ONDATE=\d{2}\.\d{2}\.\d{4}|otherlang=\d)(?:&(?:ONDATE=\d{2}\.\d{2}\.\d{4}|otherlang=\d))*)?(?:#[\w-]+)?$/i;

/** The words of a run of text nodes that carry the same link mark. */
function linkRuns(doc: Doc): Array<{ words: string; href?: string; ref?: DocReference }> {
  const runs: Array<{ words: string; href?: string; ref?: DocReference }> = [];
  for (const block of walk(doc.content)) {
    let current: { words: string; href?: string; ref?: DocReference; key: string } | undefined;
    for (const node of block.content ?? []) {
      const link = node.type === 'text' ? node.marks?.find((mark) => mark.type === 'link') : undefined;
      const key = link ? JSON.stringify(link.attrs ?? {}) : '';
      if (link && current?.key === key) current.words += node.text ?? '';
      else {
        if (current) runs.push(current);
        current = link ? { words: node.text ?? '', href: link.attrs?.href, ref: link.attrs?.ref, key } : undefined;
      }
    }
    if (current) runs.push(current);
  }
  return runs;
}

/** The problems of one language's document of a field; `references` are the site's records it links to. */
export function documentChecks(value: unknown, field: string, lang: string): { checks: Check[]; references: DocReference[] } {
  if (!isDocument(value)) return { checks: [], references: [] };
  const checks: Check[] = [];
  const add = (code: CheckCode, message: string, params?: Check['params']) => checks.push({ lang, field, code, severity: severityOf(code), message, ...(params ? { params } : {}) });
  let previous = 1;
  for (const node of walk(value.content)) {
    if (node.type === 'heading') {
      const level = Number(node.attrs?.level ?? 2);
      // Its words too: the admin's "Fix" selects that heading.
      const text = (node.content ?? []).map((part) => part.text ?? '').join('');
      if (level > previous + 1) add('heading_order', `A heading of level ${level} follows one of level ${previous}: do not skip a level (screen readers and search engines read the outline)`, { level, previous, text });
      previous = level;
    }
    if (node.type === 'image' && !String(node.attrs?.alt ?? '').trim()) add('image_without_alt', 'A picture has no alt text: describe it for people who cannot see it');
  }
  const references: DocReference[] = [];
  for (const run of linkRuns(value)) {
    const words = run.words.trim().toLowerCase().replace(/[.:!?…]+$/u, '');
    if (GENERIC_LINK_WORDS.has(words)) add('generic_link_text', `The link “${run.words.trim()}” does not say where it leads: use the words of what it opens`, { text: run.words.trim() });
    if (run.href && /^https?:\/\/(www\.)?lex\.uz([/?#]|$)/i.test(run.href.trim()) && !LAW_LINK.test(tidyLawLink(run.href))) add('bad_law_link', `“${run.href}” does not look like the address of a document on lex.uz: check that it opens the law (https://lex.uz/docs/…)`, { href: run.href });
    if (run.ref) references.push(run.ref);
  }
  return { checks, references };
}
