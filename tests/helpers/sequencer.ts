import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order in which the suite's files start, for two workers on two cores:
 * - The longest first, so that both workers finish together, by vitest's own record of the last
 *   run on this machine when it has one, else by tests/durations.json (the files' times in a CI
 *   run; `npm run test:durations` writes it again). Vitest alone runs the largest files first, and
 *   on a fresh clone a long browser file started last left one worker idle for its last minute
 *   (CI of 2026-11-29: files summing 1,452 s took 801 s on two workers).
 * - A browser file (tests/e2e/) beside a file that starts no browser, where the order allows: two
 *   browsers at once take both cores each (the same CI with the two longest browser files started
 *   together: the admin's 109 → 159 s, the site's 168 → 191 s). The order is that of a simulated
 *   run: the worker free first takes the longest file of the other kind than the one the other
 *   worker is running, or the longest left.
 * - The deployment files (tests/deploy/: server processes behind nginx or Varnish, a PostgreSQL
 *   replica, an npm install and a build for the Dockerfile's stages) after every other file, so
 *   that they slow no timed browser test, in the same run (they used to wait in a second run for
 *   the first to end: 85 s more).
 * A file in no record counts as 10 s.
 */
const DURATIONS = path.join(import.meta.dirname, '..', 'durations.json');
const UNKNOWN_MS = 10_000;
const WORKERS = 2;

interface Planned {
  spec: TestSpecification;
  ms: number;
  browser: boolean;
}

export default class BalancedOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded: Record<string, number> = fs.existsSync(DURATIONS) ? JSON.parse(fs.readFileSync(DURATIONS, 'utf8')) : {};
    const relative = (spec: TestSpecification) => path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/');
    const planned = files.map((spec): Planned => {
      const ms = this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? recorded[relative(spec)] ?? UNKNOWN_MS;
      return { spec, ms, browser: relative(spec).startsWith('tests/e2e/') };
    });
    const longestFirst = (list: Planned[]) => list.sort((a, b) => b.ms - a.ms);
    const deployment = longestFirst(planned.filter((file) => relative(file.spec).startsWith('tests/deploy/')));
    const rest = planned.filter((file) => !deployment.includes(file));
    return [...interleave(longestFirst(rest.filter((file) => file.browser)), longestFirst(rest.filter((file) => !file.browser))), ...deployment].map((file) => file.spec);
  }
}

/** The order of a simulated run on two workers: each free worker takes the longest file of the kind the other is not running. */
function interleave(browsers: Planned[], others: Planned[]): Planned[] {
  const order: Planned[] = [];
  const workers = Array.from({ length: WORKERS }, () => ({ freeAt: 0, running: undefined as Planned | undefined }));
  while (browsers.length || others.length) {
    const worker = workers.reduce((first, next) => (next.freeAt < first.freeAt ? next : first));
    const otherBrowser = workers.some((other) => other !== worker && other.freeAt > worker.freeAt && other.running?.browser);
    const [preferred, fallback] = otherBrowser ? [others, browsers] : [browsers, others];
    const next = (preferred.length ? preferred : fallback).shift()!;
    order.push(next);
    worker.running = next;
    worker.freeAt += next.ms;
  }
  return order;
}
