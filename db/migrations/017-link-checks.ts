import type { Kysely } from 'kysely';

/*
 * Checks before publishing (API-3.md): what the weekly check of outside links found, one row per
 * address linked from a public record — its answer's status, or why there was none — so the site
 * report can list broken links without asking the other sites again.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('link_checks')
    .addColumn('url', 'text', (c) => c.primaryKey())
    // The HTTP status of the answer (after redirects), or null when none came.
    .addColumn('status', 'integer')
    // broken: the link is reported; the others are not.
    .addColumn('broken', 'integer', (c) => c.notNull())
    // Why it is broken in words (a timeout, no such host), or why it was not asked (a private address).
    .addColumn('problem', 'text')
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
}

