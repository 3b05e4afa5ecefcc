/** Names the record a page shows (`news/<id>`), for the host to count its views; never sent to the visitor. */
export const COUNTED_VIEW_HEADER = 'x-counted-view';

/**
 * Views counted in memory and written in one statement per record type every few seconds, so a
 * shared article costs no database write per visit. What is pending is added to what a reader
 * sees, and written before the process stops.
 */
export function createViewCounter() {
  /** table → record id → views not yet written */
  let pending = new Map<string, Map<string, number>>();
  return {
    count(table: string, id: string, views = 1): void {
      const counts = pending.get(table) ?? new Map<string, number>();
      counts.set(id, (counts.get(id) ?? 0) + views);
      pending.set(table, counts);
    },

    pendingFor(table: string, id: string): number {
      return pending.get(table)?.get(id) ?? 0;
    },

    /** Everything counted since the last take; the caller writes it (and gives it back on failure). */
    take(): Map<string, Map<string, number>> {
      const taken = pending;
      pending = new Map();
      return taken;
    },

    giveBack(taken: Map<string, Map<string, number>>): void {
      for (const [table, counts] of taken) for (const [id, views] of counts) this.count(table, id, views);
    },

    /** Writes the counted views through `write`, one call per table; on failure they wait for the next try. */
    async flush(write: (table: string, counts: Map<string, number>) => Promise<unknown>): Promise<void> {
      const taken = this.take();
      try {
        for (const [table, counts] of taken) {
          await write(table, counts);
          taken.delete(table);
        }
      } catch (error) {
        this.giveBack(taken);
        throw error;
      }
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
