import { describe, expect, it } from 'vitest';
import { keepMemory } from '../server/operations/memory.ts';

/** About `megabytes` of objects that are garbage as soon as this returns. */
function litter(megabytes: number): void {
  let kept: Array<{ index: number; text: string }> | undefined = [];
  for (let index = 0; index < megabytes * 8_000; index += 1) kept.push({ index, text: `line ${index} `.repeat(4) });
  kept = undefined;
}

/** A 48 MB array nothing holds: in V8's large-object space, freed by a full collection only. */
const unheld = () => new WeakRef(new Array(6_000_000).fill(1));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the memory keeper (server/operations/memory.ts)', () => {
  it('collects the heap when the process is over its target, and not again until the heap has grown', async () => {
    const keeper = keepMemory({ targetBytes: 1, everyMs: 20 });
    try {
      const array = unheld();
      await expect.poll(() => keeper.collections, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      // A full collection happened: what only a full one frees is gone.
      expect(array.deref()).toBeUndefined();
      // Still over the target (1 byte), but the heap has not grown by 32 MB since: no collection at
      // every check.
      const quiet = async () => {
        const made = keeper.collections;
        await pause(300);
        return keeper.collections === made;
      };
      await expect.poll(quiet, { timeout: 5_000 }).toBe(true);
      expect(keeper.collections).toBeLessThanOrEqual(3);
    } finally {
      keeper.stop();
    }
  });

  it('waits while requests are being answered, up to a fifth over its target', async () => {
    let busy = true;
    const array = unheld();
    // Over the target, under its ceiling (target × 1.2): the collection waits for a quiet check.
    const keeper = keepMemory({ targetBytes: Math.floor(process.memoryUsage.rss() / 1.1), everyMs: 20, busy: () => busy });
    try {
      await pause(200);
      expect(keeper.collections).toBe(0);
      busy = false;
      await expect.poll(() => keeper.collections, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      expect(array.deref()).toBeUndefined();
    } finally {
      keeper.stop();
    }
  });

  it('collects while requests are being answered once the memory is a fifth over its target', async () => {
    const keeper = keepMemory({ targetBytes: 1, everyMs: 20, busy: () => true });
    try {
      const array = unheld();
      await expect.poll(() => keeper.collections, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      expect(array.deref()).toBeUndefined();
    } finally {
      keeper.stop();
    }
  });

  it('does nothing while the process is under its target', async () => {
    const keeper = keepMemory({ targetBytes: 64 * 1024 * 1024 * 1024, everyMs: 20 });
    try {
      litter(50);
      await pause(200);
      expect(keeper.collections).toBe(0);
    } finally {
      keeper.stop();
    }
  });
});
