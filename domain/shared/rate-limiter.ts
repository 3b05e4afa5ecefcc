/** A sliding-window counter per key, in memory (per app instance). */
export function createRateLimiter(options: { max: number; windowMs: number }) {
  const hits = new Map<string, number[]>();
  return {
    /** The seconds to wait before the next hit may count, or 0; counts nothing. */
    waitFor(key: string, now = Date.now()): number {
      const recent = (hits.get(key) ?? []).filter((time) => time > now - options.windowMs);
      return recent.length >= options.max ? Math.max(1, Math.ceil((recent[0] + options.windowMs - now) / 1000)) : 0;
    },

    /** Counts one hit; returns the seconds to wait when over the limit, or 0. */
    hit(key: string, now = Date.now()): number {
      const since = now - options.windowMs;
      const recent = (hits.get(key) ?? []).filter((time) => time > since);
      if (recent.length >= options.max) {
        hits.set(key, recent);
        return Math.max(1, Math.ceil((recent[0] + options.windowMs - now) / 1000));
      }
      recent.push(now);
      hits.set(key, recent);
      if (hits.size > 10_000) {
        for (const [other, times] of hits) if (times.every((time) => time <= since)) hits.delete(other);
      }
      return 0;
    },
  };
}
