/**
 * The Content-Security-Policy. No inline script runs unless the policy names it: the public
 * pages' one script by its SHA-256, React Router's hydration scripts in the admin area by the
 * response's nonce. Styles may be inline (React style attributes); images may come from https.
 */
export const BASE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  upgradeInsecureRequests: null,
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);

export function pageContentSecurityPolicy(scriptHash: string, nonce: string): string {
  return Object.entries({ ...BASE_CSP_DIRECTIVES, scriptSrc: ["'self'", `'${scriptHash}'`, `'nonce-${nonce}'`], scriptSrcAttr: ["'none'"] })
    .filter(([, values]) => values)
    .map(([name, values]) => `${kebab(name)} ${(values as string[]).join(' ')}`)
    .join('; ');
}
