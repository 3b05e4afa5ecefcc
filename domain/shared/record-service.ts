import type { ListQuery, StoredRecord } from './entity.ts';
import { AppError, notFound } from './errors.ts';
import { isId } from './ids.ts';
import { pickText } from './localized.ts';
import type { RecordStore } from './record-store.ts';
import { slugify } from './slug.ts';
import { assertObject, expectedVersion, parseOrThrow } from './validation.ts';

export interface Actor {
  userId: string;
  email: string;
}

export interface ChangeEvent {
  entity: string;
  action: 'create' | 'update' | 'delete';
  id: string;
  actor?: Actor;
  summary: string;
}

/** What every record service needs from the rest of the application. */
export interface ServiceEnvironment {
  defaultLanguage(): Promise<string>;
  /** Called after every successful write: drops caches and records the activity. */
  changed(event: ChangeEvent): Promise<void>;
}

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export const STALE_VERSION_MESSAGE =
  'Someone else saved this record after you opened it. Reload to see their changes, then save again.';
export const MAX_PAGE_SIZE = 100;

/** The rules every record type shares: defaults, validation, slugs, versions, visibility, lists. */
export function createRecordService(store: RecordStore, environment: ServiceEnvironment) {
  const { definition } = store;
  const label = definition.label;

  async function schemaNow() {
    const defaultLanguage = await environment.defaultLanguage();
    return { schema: definition.schema({ defaultLanguage }), defaultLanguage };
  }

  async function uniqueSlug(values: Record<string, unknown>, defaultLanguage: string, exceptId?: string): Promise<string> {
    const given = typeof values.slug === 'string' ? values.slug : '';
    if (given) {
      if (await store.slugTaken(given, exceptId)) throw new AppError(409, 'CONFLICT', `The slug "${given}" is already used by another ${label.toLowerCase()}`);
      return given;
    }
    const base = slugify(pickText(values[definition.slugFrom!] as Record<string, string>, defaultLanguage));
    let candidate = base;
    for (let n = 2; await store.slugTaken(candidate, exceptId); n += 1) candidate = `${base}-${n}`;
    return candidate;
  }

  function describe(record: Record<string, unknown>, defaultLanguage: string): string {
    const named = record.title ?? record.name ?? record.label ?? record.code;
    const text = pickText(named as Record<string, string> | string | undefined, defaultLanguage);
    return text ? `${label} "${text.slice(0, 80)}"` : label;
  }

  async function getVisible(record: StoredRecord | undefined, admin: boolean): Promise<StoredRecord> {
    if (!record) throw notFound(label);
    if (!admin) {
      for (const condition of definition.publicConditions) {
        if (condition.op === '=' && record[fieldOfColumn(condition.column)] !== condition.value) throw notFound(label);
      }
    }
    return record;
  }

  return {
    definition,
    store,

    async create(body: unknown, actor?: Actor): Promise<StoredRecord> {
      const input = assertObject(body);
      const { schema, defaultLanguage } = await schemaNow();
      const values: Record<string, unknown> = parseOrThrow(schema, { ...definition.defaults(), ...withoutUndefined(input) });
      if (definition.slugFrom) values.slug = await uniqueSlug(values, defaultLanguage);
      const created = await store.insert(values);
      await environment.changed({ entity: definition.table, action: 'create', id: created._id, actor, summary: describe(values, defaultLanguage) });
      return (await store.findById(created._id))!;
    },

    async update(id: string, body: unknown, actor?: Actor): Promise<StoredRecord> {
      const input = assertObject(body);
      const version = expectedVersion(input);
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing) throw notFound(label);
      const { schema, defaultLanguage } = await schemaNow();
      const patch = parseOrThrow(schema.partial(), withoutUndefined(input));
      const merged: Record<string, unknown> = { ...existing, ...patch };
      if (definition.slugFrom && ('slug' in patch || !merged.slug)) {
        merged.slug = patch.slug === existing.slug ? existing.slug : await uniqueSlug(merged, defaultLanguage, id);
      }
      const updated = await store.update(id, merged, version);
      if (!updated) throw new AppError(409, 'CONFLICT', STALE_VERSION_MESSAGE);
      await environment.changed({ entity: definition.table, action: 'update', id, actor, summary: describe(merged, defaultLanguage) });
      return updated;
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing || !(await store.remove(id))) throw notFound(label);
      const defaultLanguage = await environment.defaultLanguage();
      await environment.changed({ entity: definition.table, action: 'delete', id, actor, summary: describe(existing, defaultLanguage) });
    },

    async get(id: string, options: { admin: boolean }): Promise<StoredRecord> {
      if (!isId(id)) throw notFound(label);
      return getVisible(await store.findById(id), options.admin);
    },

    async getBySlug(slug: string, options: { admin: boolean }): Promise<StoredRecord> {
      if (!definition.slugFrom || slug.length > 200) throw notFound(label);
      return getVisible(await store.findOne([{ column: 'slug', op: '=', value: slug }]), options.admin);
    },

    /** A slug, or a 24-hex id (SPEC.md: the service page accepts either). */
    async getBySlugOrId(key: string, options: { admin: boolean }): Promise<StoredRecord> {
      return isId(key) ? this.get(key, options) : this.getBySlug(key, options);
    },

    async list(query: ListQuery): Promise<StoredRecord[]> {
      const conditions = [...(query.admin ? [] : definition.publicConditions), ...(definition.listConditions?.(query) ?? [])];
      const records = await store.list({ conditions });
      const keep = definition.listPostFilter?.(query, await environment.defaultLanguage());
      return keep ? records.filter(keep) : records;
    },

    async listPage(query: ListQuery, defaultLimit = 10): Promise<Page<StoredRecord>> {
      const page = query.page ?? 1;
      const limit = Math.min(query.limit ?? defaultLimit, MAX_PAGE_SIZE);
      const conditions = [...(query.admin ? [] : definition.publicConditions), ...(definition.listConditions?.(query) ?? [])];
      const keep = definition.listPostFilter?.(query, await environment.defaultLanguage());
      let data: StoredRecord[];
      let total: number;
      if (keep) {
        const all = (await store.list({ conditions })).filter(keep);
        total = all.length;
        data = all.slice((page - 1) * limit, page * limit);
      } else {
        [total, data] = await Promise.all([store.count(conditions), store.list({ conditions, limit, offset: (page - 1) * limit })]);
      }
      return { data, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    },
  };
}

export type RecordService = ReturnType<typeof createRecordService>;

function withoutUndefined(input: Record<string, unknown>): Record<string, unknown> {
  const { _id: _ignoredId, createdAt: _c, updatedAt: _u, version: _v, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

function fieldOfColumn(column: string): string {
  if (column === 'order_index') return 'order';
  return column.replace(/_([a-z])/g, (_, char: string) => char.toUpperCase());
}
