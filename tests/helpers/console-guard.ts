import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/*
 * Every test fails when something calls console.error while it runs (the page's error boundary,
 * React's warnings, a forgotten debug line): an error nobody asserted is a bug nobody saw.
 * A test that provokes one on purpose says so with expectConsoleError().
 */

const original = console.error;
let logged: string[] = [];
let expected = false;

beforeEach(() => {
  logged = [];
  expected = false;
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (logged.length && !expected) throw new Error(`console.error was called during this test:\n${logged.join('\n').slice(0, 2000)}`);
});

/** This test provokes an error on purpose (a failing page, a broken database). */
export function expectConsoleError(): void {
  expected = true;
}
