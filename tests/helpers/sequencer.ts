import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The longest files first, so that the two workers finish together: by vitest's own record of
 * the last run on this machine when it has one, else by tests/durations.json (the files' times in
 * a CI run, `npm run test:durations` writes it again). Without either, vitest runs the
 * largest files first, and on a fresh clone a long browser file started last left one worker
 * idle for its last minute (CI of 2026-11-29: the main suite's files summed 1,452 s and took
 * 801 s on two workers). A file in neither record runs first, as vitest runs one it does not know.
 *
 * The deployment files (tests/deploy/: two server processes and nginx or Varnish, a PostgreSQL
 * replica, an npm install and a build for the Dockerfile's stages) come after every other file,
 * so that they slow no timed browser test: they start as the others' last and shortest files run,
 * on the worker that is free, where they used to wait in a second run for the first to end (CI of
 * 2026-11-29: 85 s more).
 */
const DURATIONS = path.join(import.meta.dirname, '..', 'durations.json');

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded: Record<string, number> = fs.existsSync(DURATIONS) ? JSON.parse(fs.readFileSync(DURATIONS, 'utf8')) : {};
    const duration = (spec: TestSpecification) => {
      const result = this.ctx.cache.getTestSpecificationResult(spec);
      if (result) return { failed: result.failed, ms: result.duration };
      const known = recorded[path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/')];
      return known === undefined ? undefined : { failed: false, ms: known };
    };
    const known = new Map(files.map((spec) => [spec, duration(spec)]));
    const deployment = (spec: TestSpecification) => (spec.moduleId.split(path.sep).join('/').includes('/tests/deploy/') ? 1 : 0);
    return [...files].sort((a, b) => {
      if (deployment(a) !== deployment(b)) return deployment(a) - deployment(b);
      const [first, second] = [known.get(a), known.get(b)];
      if (!first || !second) return first ? 1 : second ? -1 : 0;
      if (first.failed !== second.failed) return first.failed ? -1 : 1;
      return second.ms - first.ms;
    });
  }
}
