import { defineConfig } from 'vitest/config';
import BalancedOrder from './tests/helpers/sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/helpers/console-guard.ts'],
    // The demo site seeded once per run, copied by the tests that start on it (SQLite).
    globalSetup: ['tests/helpers/demo-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The longest first, a browser file beside one without, the deployment files last (tests/helpers/sequencer.ts).
    sequence: { sequencer: BalancedOrder },
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    onConsoleLog: () => true,
    // A browser on a 2-core machine running two test files at once can take seconds to settle.
    expect: { poll: { timeout: 10_000 } },
  },
});
