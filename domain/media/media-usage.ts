import { imageKeysIn, type ImageUse, type MediaUsage } from './media-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import type { RecordStore } from '../shared/record-store.ts';
import { pickText, type Localized } from '../shared/localized.ts';

/** What the walk over every image's uses reads: the types, their stores, and the site configuration. */
interface UsageSources {
  types: readonly RecordType[];
  storeOf(type: RecordType): RecordStore;
  defaultLanguage(): Promise<string>;
  siteConfig(): Promise<unknown>;
}

/** Where each uploaded image is shown: every field of every record, and the site configuration. */
export function createMediaUsage(sources: UsageSources): MediaUsage {
  return async () => {
    const uses = new Map<string, ImageUse[]>();
    const add = (key: string, use: ImageUse) => uses.set(key, [...(uses.get(key) ?? []), use]);
    const defaultLanguage = await sources.defaultLanguage();
    for (const type of sources.types) {
      for (const record of await sources.storeOf(type).list({ conditions: [] })) {
        const title = pickText(record[type.admin.titleField] as Localized | string | undefined, defaultLanguage);
        for (const field of Object.keys(type.fields)) {
          // A picture in a document is named with its language (content.ru).
          if (type.documentFields.includes(field)) {
            for (const [lang, doc] of Object.entries((record[field] ?? {}) as Record<string, unknown>)) for (const key of imageKeysIn(doc)) add(key, { type: type.name, _id: record._id, title, field: `${field}.${lang}` });
            continue;
          }
          for (const key of imageKeysIn(record[field])) add(key, { type: type.name, _id: record._id, title, field });
        }
      }
    }
    // The configuration names the section and field (offices.0.image), not just the section.
    const walk = (value: unknown, path: string) => {
      if (value && typeof value === 'object') {
        for (const [name, inner] of Object.entries(value)) walk(inner, path ? `${path}.${name}` : name);
      } else {
        for (const key of imageKeysIn(value)) add(key, { type: 'site-config', _id: '', title: '', field: path });
      }
    };
    walk(await sources.siteConfig(), '');
    return uses;
  };
}
