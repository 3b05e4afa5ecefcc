import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRobot } from './response-cache.ts';

/*
 * A first visit to the home page opens in the visitor's language (SPEC.md section 4): the
 * language they chose before (the cookie the page's script keeps, i18nextLng), else the best of
 * their browser's languages (Accept-Language) among the site's, else the default language. Only
 * `/`, and never for a crawler: every page keeps one address per language for search engines.
 */

export interface SiteLanguages {
  codes: string[];
  defaultCode: string;
}

/** What a home page's answer depends on, so that caches keep a copy per choice. */
export const HOME_VARY = 'Accept-Language, Cookie';
const CHOICE_COOKIE = 'i18nextLng';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The site's language closest to a language tag: the same code, else the same language (ru-RU → ru, uz-Cyrl-UZ → uz-Cyrl or uz). */
function closest(tag: string, codes: string[]): string | undefined {
  const wanted = tag.toLowerCase();
  const byCode = new Map(codes.map((code) => [code.toLowerCase(), code]));
  const parts = wanted.split('-');
  for (let length = parts.length; length > 0; length -= 1) {
    const found = byCode.get(parts.slice(0, length).join('-'));
    if (found) return found;
  }
  return undefined;
}

/** Accept-Language's tags, most wanted first (q=0 left out). */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((item, index) => {
      const [tag, ...parameters] = item.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The site's language a request prefers (the visitor's chosen one, else the best of Accept-Language), or undefined. */
export function preferredLanguage(headers: Pick<IncomingMessage['headers'], 'cookie' | 'accept-language'>, codes: string[]): string | undefined {
  const stored = cookieValue(headers.cookie, CHOICE_COOKIE);
  const chosen = stored ? codes.find((code) => code === stored) : undefined;
  if (chosen) return chosen;
  for (const tag of acceptedLanguages(headers['accept-language'])) {
    const code = closest(tag, codes);
    if (code) return code;
  }
  return undefined;
}

/** Where a request for the home page should go instead, or undefined to serve it. */
export function homeRedirect(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, languages: SiteLanguages | undefined): string | undefined {
  if (!languages || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const url = request.url ?? '';
  // Every request passes here before the cache: any other address is let go without splitting it.
  if (url !== '/' && !url.startsWith('/?')) return undefined;
  const [pathname, search] = url.split(/(?=\?)/);
  if (pathname !== '/' || isRobot(request.headers['user-agent'])) return undefined;
  const target = (code: string | undefined) => (code && code !== languages.defaultCode ? `/${code.toLowerCase()}${search ?? ''}` : undefined);
  const stored = cookieValue(request.headers.cookie, CHOICE_COOKIE);
  const chosen = stored ? languages.codes.find((code) => code === stored) : undefined;
  if (chosen) return target(chosen);
  // Someone who came from a page of this site chose to be here (the language switcher).
  const referer = request.headers.referer;
  if (referer) {
    try {
      if (new URL(referer).host === request.headers.host) return undefined;
    } catch {
      // not an address: as if there were none
    }
  }
  for (const tag of acceptedLanguages(request.headers['accept-language'])) {
    const code = closest(tag, languages.codes);
    if (code) return target(code);
  }
  return undefined;
}

/** Answers the redirect; the answer differs by language and cookie, so no shared cache keeps it for others. */
export function sendHomeRedirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, vary: HOME_VARY, 'cache-control': 'private, no-cache', 'content-length': 0 });
  response.end();
}
