import v8 from 'node:v8';
import vm from 'node:vm';

/*
 * V8 collects its garbage when its heap needs room, not when the server falls quiet. After a burst
 * of writes — 12,000 articles posted through the API, four at a time — the server kept 655–757 MB
 * resident although a full collection then leaves about 300 MB (measured: 603 MB → 311 MB within
 * 12 s of a collection). So every 5 s, when the resident memory is over the target
 * (MEMORY_TARGET_MB) and the heap has grown by at least 32 MB since the last collection (else there
 * is little to free, and what is there is in use), the heap is collected once (20–60 ms), at a
 * check when no request is being answered, so that the pause holds up no visitor. A burst of saves
 * has a request in flight at every check: once the memory is a fifth over the target, it is looked
 * at every second and collected whatever is being answered — memory past its ceiling costs more
 * then than a pause every few seconds (measured: 519 MB at most while 12,000 records were posted
 * with a quarter and checks every 5 s; 656 MB when the collection waited for a quiet check).
 */

/** How often the memory is looked at, and a collection when it is over its ceiling may be made. */
const EVERY_MS = 1_000;
/** A collection that waits for a quiet check is made at most at every this many checks. */
const QUIET_EVERY = 5;
/** Growth of the heap since the last collection below which another would free too little to be worth it. */
const SLACK_BYTES = 32 * 1024 * 1024;
/** Over the target by this share, a collection no longer waits for a quiet check. */
const CEILING = 1.2;

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
  /** True while requests are being answered: the collection (a pause of 20–60 ms) waits for a quiet check, up to the ceiling. */
  busy?: () => boolean;
  collected?: (before: number, after: number) => void;
}): MemoryKeeper {
  const gc = collector();
  let collections = 0;
  let heapAfterLast = 0;
  let checks = 0;
  const timer = setInterval(() => {
    checks += 1;
    const resident = process.memoryUsage.rss();
    if (resident < options.targetBytes) return;
    if (resident < options.targetBytes * CEILING && (checks % QUIET_EVERY !== 0 || options.busy?.())) return;
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
