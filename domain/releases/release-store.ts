import type { Database } from '../../db/connection.ts';
import { AppError, notFound, staleVersion } from '../shared/errors.ts';
import { isId, newId, nowIso } from '../shared/ids.ts';
import type { Actor } from '../shared/record-service.ts';
import { parseOrThrow } from '../shared/validation.ts';
import { ReleaseInputSchema, ReleaseUpdateSchema, type Release, type ReleaseItem, type ReleaseState } from './release-schema.ts';

interface Row {
  id: string;
  title: string;
  notes: string;
  publish_at: string | null;
  items: unknown;
  channel_posts: unknown;
  state: string;
  reason: string | null;
  created_by_id: string | null;
  created_by_email: string | null;
  scheduled_by_id: string | null;
  scheduled_by_email: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  version: number | string;
}

const list = (value: unknown): unknown[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed : [];
};
const person = (id: string | null, email: string | null) => (id ? { _id: id, email: email ?? '' } : null);

const toRelease = (row: Row): Release => ({
  _id: row.id,
  title: row.title,
  notes: row.notes ?? '',
  publishAt: row.publish_at ?? null,
  items: list(row.items) as Release['items'],
  channelPosts: list(row.channel_posts) as Release['channelPosts'],
  state: (['open', 'scheduled', 'published', 'failed'].includes(row.state) ? row.state : 'open') as ReleaseState,
  reason: row.reason ?? null,
  createdBy: person(row.created_by_id, row.created_by_email),
  scheduledBy: person(row.scheduled_by_id, row.scheduled_by_email),
  publishedAt: row.published_at ?? null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  version: Number(row.version),
});

/** Where releases are kept: one row each, its items and posts as JSON lists (migration 041). */
export function createReleaseStore(database: Database) {
  const { db } = database;
  const json = (value: unknown) => JSON.stringify(value);
  /** A moment as stored: UTC, so that a text comparison orders moments. */
  const utc = (at: string | null | undefined) => (at ? new Date(at).toISOString() : null);

  async function find(id: string): Promise<Release | undefined> {
    if (!isId(id)) return undefined;
    const row = (await db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    return row && toRelease(row);
  }

  return {
    find,
    async get(id: string): Promise<Release> {
      const found = await find(id);
      if (!found) throw notFound('Release');
      return found;
    },

    /** Newest first; with `state`, only those. */
    async list(state?: ReleaseState): Promise<Release[]> {
      let query = db.selectFrom('releases').selectAll().orderBy('created_at', 'desc').limit(500);
      if (state) query = query.where('state', '=', state);
      return ((await query.execute()) as Row[]).map(toRelease);
    },

    /** The open and scheduled releases other than `except` (an item may be in one of them only). */
    async pending(except?: string): Promise<Release[]> {
      let query = db.selectFrom('releases').selectAll().where('state', 'in', ['open', 'scheduled']);
      if (except) query = query.where('id', '<>', except);
      return ((await query.execute()) as Row[]).map(toRelease);
    },

    async create(body: unknown, actor?: Actor): Promise<Release> {
      const input = parseOrThrow(ReleaseInputSchema, body ?? {});
      const id = newId();
      const now = nowIso();
      const at = utc(input.publishAt);
      await db
        .insertInto('releases')
        .values({
          id,
          title: input.title,
          notes: input.notes ?? '',
          publish_at: at,
          items: json(input.items ?? []),
          channel_posts: json(input.channelPosts ?? []),
          state: at ? 'scheduled' : 'open',
          created_by_id: actor?.userId ?? null,
          created_by_email: actor?.email ?? null,
          scheduled_by_id: at ? (actor?.userId ?? null) : null,
          scheduled_by_email: at ? (actor?.email ?? null) : null,
          created_at: now,
          updated_at: now,
          version: 1,
        })
        .execute();
      return (await find(id))!;
    },

    /** A change of an open or scheduled release; a `publishAt` set schedules it (by whoever set it), null opens it again. */
    async update(id: string, body: unknown, actor?: Actor): Promise<Release> {
      const existing = await find(id);
      if (!existing) throw notFound('Release');
      const input = parseOrThrow(ReleaseUpdateSchema, body ?? {});
      if (existing.state === 'published') throw new AppError(409, 'CONFLICT', 'This release went out already: make a new release for further changes');
      if (input.version !== undefined && input.version !== existing.version) throw staleVersion();
      const at = input.publishAt === undefined ? existing.publishAt : utc(input.publishAt);
      const rescheduled = input.publishAt !== undefined && at !== existing.publishAt;
      const set: Record<string, unknown> = {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.items !== undefined ? { items: json(input.items) } : {}),
        ...(input.channelPosts !== undefined ? { channel_posts: json(input.channelPosts) } : {}),
        publish_at: at,
        // A failed release changed is open (or scheduled) again.
        state: at ? 'scheduled' : 'open',
        reason: null,
        ...(rescheduled && at ? { scheduled_by_id: actor?.userId ?? null, scheduled_by_email: actor?.email ?? null } : {}),
        updated_at: nowIso(),
        version: existing.version + 1,
      };
      const result = await db.updateTable('releases').set(set).where('id', '=', id).where('version', '=', existing.version).executeTakeFirst();
      if (!Number(result.numUpdatedRows)) throw staleVersion();
      return (await find(id))!;
    },

    /** The items as they are now (an item added, one taken out). */
    async setItems(release: Release, items: ReleaseItem[]): Promise<Release> {
      const result = await db
        .updateTable('releases')
        .set({ items: json(items), updated_at: nowIso(), version: release.version + 1 })
        .where('id', '=', release._id)
        .where('version', '=', release.version)
        .executeTakeFirst();
      if (!Number(result.numUpdatedRows)) throw staleVersion();
      return (await find(release._id))!;
    },

    async remove(id: string): Promise<void> {
      const result = isId(id) ? await db.deleteFrom('releases').where('id', '=', id).executeTakeFirst() : undefined;
      if (!result || !Number(result.numDeletedRows)) throw notFound('Release');
    },

    /**
     * Takes the release to publish it: one conditional update, so of two instances (or two clicks)
     * one gets it; inside the transaction that applies it, so a failure gives it back.
     */
    async claim(release: Release): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('releases')
        .set({ state: 'published', reason: null, claimed_at: now, published_at: now, updated_at: now, version: release.version + 1 })
        .where('id', '=', release._id)
        .where('state', '=', release.state)
        .where('version', '=', release.version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A scheduled release that could not go out: `failed`, with the reason; only while it is still the one scheduled. */
    async fail(release: Release, reason: string): Promise<boolean> {
      const result = await db
        .updateTable('releases')
        .set({ state: 'failed', reason: reason.slice(0, 2000), updated_at: nowIso(), version: release.version + 1 })
        .where('id', '=', release._id)
        .where('state', '=', 'scheduled')
        .where('version', '=', release.version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Scheduled releases whose moment came. */
    async due(until: string): Promise<Release[]> {
      return ((await db.selectFrom('releases').selectAll().where('state', '=', 'scheduled').where('publish_at', '<=', until).orderBy('publish_at').execute()) as Row[]).map(toRelease);
    },
  };
}
