import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * What one answer read, so that a write drops only the cached answers it affects: a list or a
 * search reads a whole table (tag `news`), a page of one record reads that record (`news:<id>`).
 * The host starts a set per request (trackReads); the record stores add to it.
 */

const reads = new AsyncLocalStorage<Set<string>>();
/** Set while a visitor's public read is answered (the reads a PostgreSQL replica may answer). */
const visitor = new AsyncLocalStorage<true>();

/** Runs `next`, a visitor's public read, with a fresh set of read tags, which it returns for the answer to keep. */
export function trackReads(next: () => void): Set<string> {
  const tags = new Set<string>();
  visitor.run(true, () => reads.run(tags, next));
  return tags;
}

/** Whether the work now is answering a visitor's public read (db/replica.ts asks). */
export const answeringVisitor = (): boolean => visitor.getStore() === true;

/** This answer read the whole `table` (or, with `id`, that one record of it). */
export function noteRead(table: string, id?: string): void {
  reads.getStore()?.add(id ? `${table}:${id}` : table);
}

/**
 * What `read` read, for an answer kept in memory to say again each time it is given (`noteReads`):
 * a page made from a kept answer depends on the same records as one made from the database.
 * The tags are noted for the answer being made now as well.
 */
export async function readsOf<T>(read: () => Promise<T>): Promise<{ value: T; tags: readonly string[] }> {
  const tags = new Set<string>();
  const value = await reads.run(tags, read);
  noteReads(tags);
  return { value, tags: [...tags] };
}

/** The answer being made read these (tags from `readsOf`). */
export function noteReads(tags: Iterable<string>): void {
  const current = reads.getStore();
  if (current) for (const tag of tags) current.add(tag);
}

/** The tags a write of record `id` in `table` touches: readers of the table and of that record. */
export const touchedBy = (table: string, id: string): string[] => [table, `${table}:${id}`];
