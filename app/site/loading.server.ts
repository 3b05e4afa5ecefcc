import { data } from 'react-router';
import { isAppError } from '../../domain/shared/errors.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import type { DomainServices } from '../../domain/app-services.ts';

/**
 * A page's data, or its error state: a record that does not exist is the branded 404; a page
 * whose data could not be read still renders (with its error box and retry) and answers 503,
 * so the visitor never sees a blank screen. `headers` go with a successful answer.
 */
export async function loadOr<T extends object>(services: DomainServices, what: string, read: () => Promise<T>, headers?: Record<string, string>) {
  try {
    const loaded: T & { failed: false } = { ...(await read()), failed: false };
    return data(loaded, { headers });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    services.log.error({ err: error }, `could not load ${what}`);
    const failed: { failed: true } = { failed: true };
    return data(failed, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}

/** A published article by slug or id, counting the visit; never kept in the page cache. */
export function loadArticle<T extends RecordType>(services: DomainServices, records: RecordService<T>, key: string) {
  return loadOr(
    services,
    'an article',
    async () => ({ article: await records.viewed(await records.getBySlugOrId(key, { admin: false }), { admin: false }) }),
    { 'cache-control': 'no-cache' },
  );
}

/** An active page of text by its slug (privacy policy, terms…), or the branded 404. */
export function loadTextPage(services: DomainServices, slug: string) {
  return loadOr(services, 'a page', async () => ({ page: await services.records.pages.getBySlug(slug, { admin: false }) }));
}
