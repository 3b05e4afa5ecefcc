import v8 from 'node:v8';
import vm from 'node:vm';

/*
 * V8 collects its garbage when its heap needs room, not when the server falls quiet. After a burst
 * of writes — 12,000 articles posted through the API, four at a time — the server kept 655–757 MB
 * resident although a full collection then leaves about 300 MB (measured: 603 MB → 311 MB within
 * 12 s of a collection). So every half minute, when the resident memory is over the target
 * (MEMORY_TARGET_MB) and the heap has grown by at least 32 MB since the last collection (else there
 * is little to free, and what is there is in use), the heap is collected once (20–60 ms), at a
 * check when no request is being answered, so that the pause holds up no visitor.
 */

const EVERY_MS = 30_000;
/** Growth of the heap since the last collection below which another would free too little to be worth it. */
const SLACK_BYTES = 32 * 1024 * 1024;

export interface MemoryKeeper {
  /** Collections made so far. */
  readonly collections: number;
  stop(): void;
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let collect: Collect | undefined;
/**
 * V8's full collection, made callable once for this process (the same as starting node with
 * --expose-gc), in the flavour that also gives the freed pages back to the system: a plain one
 * left a process at 411 MB resident (its heap down to 142 MB), this one at 83 MB.
 */
function collector(): () => void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as Collect;
  }
  const gc = collect;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export function keepMemory(options: {
  targetBytes: number;
  everyMs?: number;
  /** True while requests are being answered: the collection (a pause of 20–60 ms) waits for a quiet check. */
  busy?: () => boolean;
  collected?: (before: number, after: number) => void;
}): MemoryKeeper {
  const gc = collector();
  let collections = 0;
  let heapAfterLast = 0;
  const timer = setInterval(() => {
    if (options.busy?.() || process.memoryUsage.rss() < options.targetBytes) return;
    // Measured on the heap, which is what a collection frees.
    const before = process.memoryUsage().heapUsed;
    if (before - heapAfterLast < SLACK_BYTES) return;
    gc();
    heapAfterLast = process.memoryUsage().heapUsed;
    collections += 1;
    options.collected?.(before, heapAfterLast);
  }, options.everyMs ?? EVERY_MS);
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    stop: () => clearInterval(timer),
  };
}
