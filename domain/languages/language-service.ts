import type { StoredRecord } from '../shared/entity.ts';
import { badRequest, duplicate, notFound, staleVersion } from '../shared/errors.ts';
import { isId } from '../shared/ids.ts';
import { DEFAULT_LANGUAGE } from '../shared/localized.ts';
import type { RecordStore } from '../shared/record-store.ts';
import type { Actor, ServiceEnvironment } from '../shared/record-service.ts';
import { assertObject, expectedVersion, parseOrThrow, withoutMeta } from '../shared/validation.ts';
import { languageDefaults, LanguageSchema } from './language-schema.ts';

const CANNOT_DELETE_DEFAULT = 'Cannot delete default language';

/** Languages: codes are unique and fixed, exactly one is the default, and the default stays. */
export function createLanguageService(store: RecordStore, environment: Pick<ServiceEnvironment, 'changed'>) {
  let cachedDefault: Promise<string> | undefined;
  let cachedActive: Promise<StoredRecord[]> | undefined;
  const forgetCached = () => {
    cachedDefault = undefined;
    cachedActive = undefined;
  };

  async function clearOtherDefaults(keepId: string): Promise<void> {
    const others = await store.list({ conditions: [{ column: 'is_default', op: '=', value: true }] });
    for (const other of others) {
      if (other._id !== keepId) await store.update(other._id, { ...other, isDefault: false });
    }
  }

  async function changed(action: 'create' | 'update' | 'delete', record: StoredRecord, actor?: Actor) {
    forgetCached();
    await environment.changed({ entity: 'languages', action, id: record._id, actor, summary: `Language "${record.name as string}" (${record.code as string})` });
  }

  const service = {
    /** Code of the default language; uz when none is marked. */
    defaultLanguage(): Promise<string> {
      cachedDefault ??= store
        .findOne([{ column: 'is_default', op: '=', value: true }])
        .then((record) => (record?.code as string | undefined) ?? DEFAULT_LANGUAGE)
        .catch((error) => {
          cachedDefault = undefined;
          throw error;
        });
      return cachedDefault;
    },

    /** Another instance changed data: read languages afresh. */
    forgetCached,

    /** Visitors' list (active languages) is read on every page: kept until a language changes. */
    list(options: { admin: boolean; active?: boolean }): Promise<StoredRecord[]> {
      if (options.active === false || (options.admin && options.active === undefined)) {
        return store.list({ conditions: options.active === false ? [{ column: 'is_active', op: '=', value: false }] : [] });
      }
      cachedActive ??= store.list({ conditions: [{ column: 'is_active', op: '=', value: true }] }).catch((error) => {
        cachedActive = undefined;
        throw error;
      });
      return cachedActive;
    },

    async get(id: string, options: { admin: boolean }): Promise<StoredRecord> {
      const record = isId(id) ? await store.findById(id) : undefined;
      if (!record || (!options.admin && !record.isActive)) throw notFound('Language');
      return record;
    },

    async create(body: unknown, actor?: Actor): Promise<StoredRecord> {
      const input = withActiveAlias(assertObject(body));
      const values = parseOrThrow(LanguageSchema, { ...languageDefaults(), ...input });
      if (await store.findOne([{ column: 'code', op: '=', value: values.code }])) {
        throw duplicate(`A language with code "${values.code}" already exists`);
      }
      if (values.isDefault) values.isActive = true;
      const created = await store.insert(values);
      if (values.isDefault) await clearOtherDefaults(created._id);
      await changed('create', created, actor);
      return created;
    },

    async update(id: string, body: unknown, actor?: Actor): Promise<StoredRecord> {
      const input = withActiveAlias(assertObject(body));
      const version = expectedVersion(input);
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing) throw notFound('Language');
      const patch = parseOrThrow(LanguageSchema.partial(), withoutMeta(input));
      if (patch.code !== undefined && patch.code !== existing.code) throw badRequest('The language code cannot be changed');
      const merged = { ...existing, ...patch };
      if (existing.isDefault && merged.isDefault === false) {
        throw badRequest('Choose another default language first: the site always needs one');
      }
      if (merged.isDefault && merged.isActive === false) throw badRequest('The default language must stay active');
      const updated = await store.update(id, merged, version);
      if (!updated) throw staleVersion();
      if (updated.isDefault && !existing.isDefault) await clearOtherDefaults(id);
      await changed('update', updated, actor);
      return updated;
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing) throw notFound('Language');
      if (existing.isDefault) throw badRequest(CANNOT_DELETE_DEFAULT);
      await store.remove(id);
      await changed('delete', existing, actor);
    },
  };
  return service;
}

export type LanguageService = ReturnType<typeof createLanguageService>;

/** SPEC.md: a language's isActive is "also read as active". */
function withActiveAlias(input: Record<string, unknown>): Record<string, unknown> {
  const { active, ...rest } = input;
  return withoutMeta(rest.isActive === undefined && active !== undefined ? { ...rest, isActive: active } : rest);
}
