import type { AppServices } from '../../server/app-services.ts';

/** The demo law firm: filled in below. */
export async function seedDemoContent(_services: AppServices): Promise<void> {}
