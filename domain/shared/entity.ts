import type { z } from 'zod';
import type { SchemaContext } from './schema-helpers.ts';

/** How a field is kept in its table column. */
type FieldKind = 'text' | 'json' | 'int' | 'bool' | 'time';

export interface StoredRecord {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  // Fields differ per record type (see each entity's schema); `unknown` would read as `undefined`
  // through React Router's loader-data types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

/** A condition on a real column, for list queries. */
export type Condition =
  | { column: string; op: '=' | '!=' | '<' | '>' | '<=' | '>='; value: string | number | boolean }
  | { column: string; op: 'like'; pattern: string }
  /** One of these stored values, as the database gives them back (JSON as text). */
  | { column: string; op: 'in'; values: string[] }
  /** A text column that contains `text` (lowercase) anywhere; a search index answers it where there is one. */
  | { column: string; op: 'contains'; text: string }
  /** A moment column that is empty or compares so with `value` (scheduled publishing). */
  | { column: string; op: 'unset-or'; compare: '<=' | '>'; value: string }
  | { column: string; op: 'set-and'; compare: '<=' | '>'; value: string };

/** Where a type with a page per record keeps the languages its page is written in: `,uz,ru,` (migration 031). */
export const PAGE_LANGUAGES_COLUMN = 'page_languages';

/** `,uz,ru,` → ['uz', 'ru']. */
export const languagesIn = (column: unknown): string[] => String(column ?? '').split(',').filter(Boolean);

export interface ListQuery {
  lang: string;
  admin: boolean;
  page?: number;
  limit?: number;
  /** Each of these in the search text, anywhere (the site search's words; `search` is one phrase). */
  searchWords?: string[];
  /** A page of the site: only the records whose page is written in `lang` (record-type.ts `pageLanguages`). */
  written?: boolean;
  /**
   * A visitor's search read for the site search: only these fields of each record (with its id and
   * dates), never its kept HTML and search text. Not a parameter of the API (its queries are closed).
   */
  readFields?: readonly string[];
  /** The site search's reads: a ranked page without its total (store `ListOptions.uncounted`). */
  uncounted?: boolean;
  /**
   * An answer that shows no document's HTML (the API's JSON, not `format=html`): a page read apart
   * (a search) leaves the kept HTML unread (store `ListOptions.withoutKept`). Not a parameter of the API.
   */
  withoutKept?: boolean;
  [parameter: string]: unknown;
}

/**
 * Everything the store and the API need to know about one record type: its fields and how they
 * are stored, its schema, who may see what, how lists sort and filter, and derived columns.
 */
export interface EntityDefinition {
  /** Product name, used in messages: 'News article not found'. */
  label: string;
  table: string;
  /** How each field is kept in its column. */
  storage: Record<string, FieldKind>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: (context: SchemaContext) => z.ZodObject<any>;
  defaults: () => Record<string, unknown>;
  /** Field whose default-language text makes the slug when none is given. */
  slugFrom?: string;
  /** The table keeps when each language's text of each multilingual field was saved (`text_saved`, migration 012). */
  keepsTextSaved?: boolean;
  /** What a visitor may see at `now` (ISO): conditions added to every public read. */
  publicConditions: (now: string) => Condition[];
  orderBy: Array<[column: string, direction: 'asc' | 'desc']>;
  /** Extra columns computed from the record on every write (search text and the like). */
  derive?: (record: Record<string, unknown>) => Record<string, string | null>;
  /** Conditions for the list parameters this record type understands. */
  listConditions?: (query: ListQuery) => Condition[];
  /** Fields holding a document per language: their HTML is kept in the `rendered` column (migration 015). */
  documentFields?: readonly string[];
  /** Filters on the text of a multilingual field after fallback, which must equal `value` (lowercase). */
  exactChecks?: (query: ListQuery) => Array<{ field: string; value: string }>;
}

export function columnOf(field: string): string {
  if (field === 'order') return 'order_index';
  return field.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);
}

/** When each language's text of each multilingual field was last saved: { field: { lang: ISO time } }. */
export type TextSaved = Record<string, Record<string, string>>;
