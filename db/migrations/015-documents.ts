import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Long texts become documents (API-3.md "Documents"): each language's plain text of news.content,
 * blog_posts.content, pages.body, services.description, team_members.bio and faqs.answer is
 * rewritten as a document of paragraphs (a blank line between them) and line breaks, without
 * losing a character. Each of these tables gets `rendered` (the HTML of its documents per page
 * language, made at the next start and at every save) and `doc_refs` (the records they link to).
 * The conversion is written out here, not imported: a shipped migration never changes.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const FIELDS: Array<[table: string, column: string]> = [
  ['news', 'content'],
  ['blog_posts', 'content'],
  ['pages', 'body'],
  ['services', 'description'],
  ['team_members', 'bio'],
  ['faqs', 'answer'],
];

type Node = { type: string; text?: string; content?: Node[] };

function toDocument(text: string): { type: 'doc'; content: Node[] } {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((part) => part.replace(/^\n+|\n+$/g, ''))
    .filter((part) => part.trim() !== '');
  return {
    type: 'doc',
    content: paragraphs.map((part) => ({
      type: 'paragraph',
      content: part.split('\n').flatMap((line, index): Node[] => [...(index ? [{ type: 'hardBreak' }] : []), ...(line ? [{ type: 'text', text: line }] : [])]),
    })),
  };
}

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, column] of FIELDS) {
    await db.schema
      .alterTable(table)
      .addColumn('rendered', postgres ? 'jsonb' : 'text', (definition) => definition.notNull().defaultTo(postgres ? sql`'{}'::jsonb` : '{}'))
      .execute();
    await db.schema.alterTable(table).addColumn('doc_refs', 'text', (definition) => definition.notNull().defaultTo('')).execute();
    let after = '';
    for (;;) {
      const rows = await db.selectFrom(table).select(['id', column]).where('id', '>', after).orderBy('id').limit(500).execute();
      if (!rows.length) break;
      for (const row of rows) {
        const stored = row[column];
        const value = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Record<string, unknown> | null;
        if (!value || typeof value !== 'object') continue;
        const converted = Object.fromEntries(Object.entries(value).map(([lang, text]) => [lang, typeof text === 'string' ? toDocument(text) : text]));
        await db.updateTable(table).set({ [column]: JSON.stringify(converted) }).where('id', '=', row.id).execute();
      }
      after = String(rows.at(-1)!.id);
    }
  }
}
