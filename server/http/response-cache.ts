import { createHash } from 'node:crypto';

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  cacheControl: string;
}

/**
 * Public responses kept in memory by URL (the language is part of it) and dropped whole on any
 * write. A generation number keeps a response computed before a write from being stored after it.
 */
export function createResponseCache(maxEntries = 2000) {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    get: (key: string) => entries.get(key),
    generation: () => generation,
    set(key: string, entry: Entry, startedAt: number) {
      if (startedAt !== generation) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/** Public content: fresh for a short while, then served stale while a fresh copy is fetched. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
