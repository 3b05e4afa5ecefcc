import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../server/start.ts';
import { runScript } from '../helpers/processes.ts';

/* Runs after the rest of the suite (scripts/test.ts): it rebuilds the pages other tests read. */
describe('npm run build (and so npm start)', () => {
  it('builds, then does not build again while nothing it is made from changed', async () => {
    const forced = await runScript('scripts/build.ts', ['--force'], {});
    expect(forced.code).toBe(0);
    const server = path.join(ROOT, 'build/server/index.js');
    const builtAt = fs.statSync(server).mtimeMs;
    const stamp = fs.readFileSync(path.join(ROOT, 'build/.sources-sha256'), 'utf8').trim();
    expect(stamp).toMatch(/^[0-9a-f]{64}$/);

    const again = await runScript('scripts/build.ts', [], {});
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('The build is up to date');
    expect(fs.statSync(server).mtimeMs).toBe(builtAt);

    // A build whose stamp no longer matches what it was made from is made again.
    fs.writeFileSync(path.join(ROOT, 'build/.sources-sha256'), `${'0'.repeat(64)}\n`);
    const changed = await runScript('scripts/build.ts', [], {});
    expect(changed.code).toBe(0);
    expect(changed.stdout).not.toContain('up to date');
    expect(fs.readFileSync(path.join(ROOT, 'build/.sources-sha256'), 'utf8').trim()).toBe(stamp);
  }, 180_000);
});
