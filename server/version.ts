import { readFileSync } from 'node:fs';

/** The product's version (package.json), reported by /api/health and the API document. */
export const APP_VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
