import { enhanceSite } from './enhance.ts';

/** The inline script of every public page, byte for byte; its SHA-256 is allowed by the page's CSP. */
export const ENHANCE_SCRIPT = `(${enhanceSite.toString()})()`;
