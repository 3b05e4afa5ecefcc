import type { Database } from '../../db/connection.ts';
import { notFound, staleVersion } from '../shared/errors.ts';
import type { VersionService } from '../versions/version-service.ts';
import { frozen } from '../shared/frozen.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { Actor, ServiceEnvironment } from '../shared/record-service.ts';
import { assertObject, expectedVersion, parseOrThrow, withoutMeta } from '../shared/validation.ts';
import { copyLanguageRequest, fillLanguage } from '../shared/copy-language.ts';
import { mergeOverDefaults } from './merge.ts';
import { siteConfigDefaults } from './site-config-defaults.ts';
import { makeSiteConfigSchema, type SiteConfig } from './site-config-schema.ts';

export type SiteConfigRecord = SiteConfig & { _id: string | null; version: number; updatedAt: string | null };

/** The one site configuration: always whole, defaults filled in, never an empty object. */
/** The site configuration's versions are kept under this name, beside the record types'. */
const HISTORY_TYPE = 'site-config';

export function createSiteConfigService(database: Database, environment: ServiceEnvironment, history: VersionService) {
  const { db } = database;

  async function readRow() {
    return db.selectFrom('site_config').selectAll().orderBy('created_at', 'asc').executeTakeFirst();
  }

  async function read(): Promise<SiteConfigRecord> {
    const row = await readRow();
    const stored = row ? (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) : undefined;
    return {
      ...mergeOverDefaults(siteConfigDefaults(), stored),
      _id: row?.id ?? null,
      version: row ? Number(row.version) : 0,
      updatedAt: row?.updated_at ?? null,
    };
  }

  /**
   * The configuration as last read, until it is saved here or on another instance (`forgetCached`):
   * every signed-in request asks whether two-factor sign-in is required, every save whether it needs
   * a partner's approval — on PostgreSQL three reads of the row (and a merge over the defaults) a save.
   */
  let kept: Promise<SiteConfigRecord> | undefined;
  const forgetCached = () => {
    kept = undefined;
  };

  return {
    /**
     * The whole configuration, frozen to its depths: shared by every reader, so that a change a
     * reader tried would fail where it is written instead of reaching the others (a copy per read
     * cost 0.2 ms of each page's render, three reads a page).
     */
    async get(): Promise<SiteConfigRecord> {
      const reading = (kept ??= read().then(frozen));
      try {
        return await reading;
      } catch (error) {
        if (kept === reading) kept = undefined;
        throw error;
      }
    },

    /** Another instance saved the configuration (or something unknown changed): read it afresh. */
    forgetCached,

    async update(body: unknown, actor?: Actor, options: { restoredFrom?: number } = {}): Promise<SiteConfigRecord> {
      const input = assertObject(body);
      const version = expectedVersion(input);
      const defaultLanguage = await environment.defaultLanguage();
      const config = parseOrThrow(makeSiteConfigSchema({ defaultLanguage }), mergeOverDefaults(siteConfigDefaults(), withoutMeta(input)));
      const row = await readRow();
      const now = nowIso();
      if (!row) {
        if (version !== undefined && version !== 0) throw staleVersion();
        await db.insertInto('site_config').values({ id: newId(), created_at: now, updated_at: now, version: 1, data: JSON.stringify(config) }).execute();
      } else {
        if (version !== undefined && version !== Number(row.version)) throw staleVersion();
        let query = db
          .updateTable('site_config')
          .set({ data: JSON.stringify(config), updated_at: now, version: Number(row.version) + 1 })
          .where('id', '=', row.id);
        if (version !== undefined) query = query.where('version', '=', version);
        const result = await query.executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw staleVersion();
      }
      forgetCached();
      const saved = await this.get();
      const { _id, version: savedVersion, updatedAt: _updatedAt, ...data } = saved;
      // A restore is kept as one (API-2.md: every restore keeps a version with action "restore").
      const action = options.restoredFrom !== undefined ? 'restore' : row ? 'update' : 'create';
      await history.keep({ type: HISTORY_TYPE, id: _id!, version: savedVersion, action, data, actor });
      const summary = options.restoredFrom !== undefined ? `Site configuration restored from version ${options.restoredFrom}` : 'Site configuration';
      await environment.changed({ entity: 'site_config', action: 'update', id: saved._id!, actor, summary });
      return saved;
    },

    /**
     * The configuration's empty texts of language `to` filled from `from` (transliterated between
     * the scripts of Uzbek when asked), every written text kept: the header, footer, hours, section
     * titles and the firm's name of a new language (API-2.md "Translation", as for a record).
     * Nothing to fill: nothing is saved.
     */
    async copyLanguage(body: unknown, languages: readonly string[], actor?: Actor): Promise<SiteConfigRecord> {
      const { from, to, convert } = copyLanguageRequest(body, languages);
      const current = await this.get();
      const { _id, version, updatedAt: _updatedAt, ...data } = current;
      const filled = fillLanguage(data, from, to, convert) as Record<string, unknown>;
      if (JSON.stringify(filled) === JSON.stringify(data)) return current;
      return this.update({ ...filled, version }, actor);
    },

    /** Who saved the configuration when, and which sections each save changed, newest first. */
    async versions() {
      const row = await readRow();
      return row ? history.list(HISTORY_TYPE, row.id) : [];
    },

    async version(version: number): Promise<Record<string, unknown>> {
      const row = await readRow();
      const snapshot = row ? await history.get(HISTORY_TYPE, row.id, version) : undefined;
      if (!snapshot) throw notFound(`Version ${version} of the site configuration`);
      return snapshot;
    },

    /** Saves an old version's configuration as the newest one. */
    async restore(version: number, actor?: Actor): Promise<SiteConfigRecord> {
      const snapshot = await this.version(version);
      return this.update(snapshot, actor, { restoredFrom: version });
    },
  };
}

