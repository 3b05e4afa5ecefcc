import { Migrator, sql, type Migration } from 'kysely';
import type { Database } from './connection.ts';
import * as initial from './migrations/001-initial.ts';
import * as faqsAndPages from './migrations/002-faqs-and-pages.ts';
import * as recordVersions from './migrations/003-record-versions.ts';
import * as editorial from './migrations/004-editorial.ts';
import * as accountsAndPrivacy from './migrations/005-accounts-and-privacy.ts';
import * as roles from './migrations/006-roles.ts';
import * as twoFactor from './migrations/007-two-factor.ts';
import * as lawyerProfiles from './migrations/008-lawyer-profiles.ts';
import * as pageVisits from './migrations/009-page-visits.ts';
import * as listsAtScale from './migrations/010-lists-at-scale.ts';
import * as derivedVersions from './migrations/011-derived-versions.ts';
import * as textSaved from './migrations/012-text-saved.ts';
import * as textShape from './migrations/013-text-shape.ts';
import * as privacyTraces from './migrations/014-privacy-traces.ts';
import * as documents from './migrations/015-documents.ts';
import * as workingCopies from './migrations/016-working-copies.ts';
import * as linkChecks from './migrations/017-link-checks.ts';
import * as telegramNotices from './migrations/018-telegram-notices.ts';
import * as viewsIndexes from './migrations/019-views-indexes.ts';
import * as alerts from './migrations/020-alerts.ts';
import * as channelPosts from './migrations/021-channel-posts.ts';
import * as passwordResets from './migrations/022-password-resets.ts';
import * as firmsRecord from './migrations/023-firms-record.ts';
import * as vacancies from './migrations/024-vacancies.ts';
import * as events from './migrations/025-events.ts';
import * as intake from './migrations/026-intake.ts';
import * as imageAlt from './migrations/027-image-alt.ts';
import * as viewsOrder from './migrations/028-views-order.ts';
import * as linkIndex from './migrations/029-link-index.ts';
import * as searchMatches from './migrations/030-search-matches.ts';
import * as pageLanguages from './migrations/031-page-languages.ts';
import * as reviewerLinks from './migrations/032-reviewer-links.ts';
import * as matterParties from './migrations/033-matter-parties.ts';
import * as keptForms from './migrations/034-kept-forms.ts';
import * as mailSecretsAndLimits from './migrations/035-mail-secrets-and-limits.ts';
import * as reviewLoop from './migrations/036-review-loop.ts';
import * as eventHolds from './migrations/037-event-holds.ts';
import * as searchRankedMatches from './migrations/038-search-ranked-matches.ts';
import * as recordLinks from './migrations/039-record-links.ts';
import * as edits from './migrations/040-edits.ts';
import * as releases from './migrations/041-releases.ts';
import * as inForceAndCalendar from './migrations/042-in-force-and-calendar.ts';
import * as signInProviders from './migrations/043-sign-in-providers.ts';
import * as passkeys from './migrations/044-passkeys.ts';
import * as indexNowAddresses from './migrations/047-indexnow-addresses.ts';
import * as terms from './migrations/049-terms.ts';
import * as machineMarks from './migrations/051-machine-marks.ts';
import * as lz4Compression from './migrations/052-lz4-compression.ts';

/** Every migration in order. New files are added here; a shipped migration never changes. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-faqs-and-pages': faqsAndPages,
  '003-record-versions': recordVersions,
  '004-editorial': editorial,
  '005-accounts-and-privacy': accountsAndPrivacy,
  '006-roles': roles,
  '007-two-factor': twoFactor,
  '008-lawyer-profiles': lawyerProfiles,
  '009-page-visits': pageVisits,
  '010-lists-at-scale': listsAtScale,
  '011-derived-versions': derivedVersions,
  '012-text-saved': textSaved,
  '013-text-shape': textShape,
  '014-privacy-traces': privacyTraces,
  '015-documents': documents,
  '016-working-copies': workingCopies,
  '017-link-checks': linkChecks,
  '018-telegram-notices': telegramNotices,
  '019-views-indexes': viewsIndexes,
  '020-alerts': alerts,
  '021-channel-posts': channelPosts,
  '022-password-resets': passwordResets,
  '023-firms-record': firmsRecord,
  '024-vacancies': vacancies,
  '025-events': events,
  '026-intake': intake,
  '027-image-alt': imageAlt,
  '028-views-order': viewsOrder,
  '029-link-index': linkIndex,
  '030-search-matches': searchMatches,
  '031-page-languages': pageLanguages,
  '032-reviewer-links': reviewerLinks,
  '033-matter-parties': matterParties,
  '034-kept-forms': keptForms,
  '035-mail-secrets-and-limits': mailSecretsAndLimits,
  '036-review-loop': reviewLoop,
  '037-event-holds': eventHolds,
  '038-search-ranked-matches': searchRankedMatches,
  '039-record-links': recordLinks,
  '040-edits': edits,
  '041-releases': releases,
  '042-in-force-and-calendar': inForceAndCalendar,
  '043-sign-in-providers': signInProviders,
  '044-passkeys': passkeys,
  '047-indexnow-addresses': indexNowAddresses,
  '049-terms': terms,
  '051-machine-marks': machineMarks,
  '052-lz4-compression': lz4Compression,
};

/** What migrating needs of a database: its Kysely instance and which dialect it speaks. */
type MigratedDatabase = Pick<Database, 'db' | 'dialect'>;

/** The migrations this version of the product knows, in order: its schema version is the last one. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations);

async function migratorFor(database: MigratedDatabase): Promise<Migrator> {
  // Kysely looks for its own tables in every schema unless told which one is ours: name the
  // schema PostgreSQL actually uses (search_path may come from the URL or the role).
  let migrationTableSchema: string | undefined;
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
  }
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

function applied(outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  const { error, results } = outcome;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(database: MigratedDatabase): Promise<string[]> {
  return applied(await (await migratorFor(database)).migrateToLatest());
}

/** Migrates an empty (or older) database up to the named migration and no further (restore). */
export async function migrateTo(database: MigratedDatabase, name: string): Promise<string[]> {
  return applied(await (await migratorFor(database)).migrateTo(name));
}

/** The migrations applied to this database, in order (none for a new one). */
export async function appliedMigrations(database: MigratedDatabase): Promise<string[]> {
  const migrator = await migratorFor(database);
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt).map((migration) => migration.name);
}
