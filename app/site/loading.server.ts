import { data } from 'react-router';
import type { AppServices } from '../../server/app-services.ts';

/**
 * A page's data, or its error state: a page whose data could not be read still renders (with
 * its error box and retry) and answers 503, so the visitor never sees a blank screen.
 */
export async function loadOr<T extends object>(services: AppServices, what: string, read: () => Promise<T>) {
  try {
    return { ...(await read()), failed: false as const };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw error;
    services.logger.error({ err: error }, `could not load ${what}`);
    return data({ failed: true as const }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}
