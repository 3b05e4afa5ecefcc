import type { Kysely } from 'kysely';

/*
 * `inForceAt` on news and blog posts (API-4.md "Releases, the calendar and bulk actions"): the day
 * a law an article is about takes effect (`2027-01-01`, or null). And the indexes the calendar
 * (domain/calendar/calendar.ts) reads its ranges by, one per dated column that had none: every
 * kind of the calendar is a range read on an index, never a scan of a table.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  for (const table of ['news', 'blog_posts']) {
    await db.schema.alterTable(table).addColumn('in_force_at', 'text').execute();
    await db.schema.createIndex(`${table}_in_force_at_idx`).on(table).column('in_force_at').execute();
  }
  await db.schema.createIndex('events_starts_at_idx').on('events').column('starts_at').execute();
  await db.schema.createIndex('events_registration_closes_at_idx').on('events').column('registration_closes_at').execute();
  await db.schema.createIndex('vacancies_closes_at_idx').on('vacancies').column('closes_at').execute();
  await db.schema.createIndex('rankings_public_until_idx').on('rankings').column('public_until').execute();
  await db.schema.createIndex('working_copies_apply_at_idx').on('working_copies').column('apply_at').execute();
}
