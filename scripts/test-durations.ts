/*
 * Writes tests/durations.json, the order in which the suite's files start on a fresh clone
 * (tests/helpers/sequencer.ts), from vitest's record of the last run here:
 * `npm run test:durations` after the whole suite (`npm test`), on a machine doing nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';

const cache = path.join('node_modules', '.vite', 'vitest');
const records = fs.existsSync(cache) ? fs.readdirSync(cache).map((folder) => path.join(cache, folder, 'results.json')).filter((file) => fs.existsSync(file)) : [];
if (!records.length) {
  console.error('No record of a test run here: run `npm test` first.');
  process.exit(1);
}
const durations: Record<string, number> = {};
for (const record of records) {
  const { projects } = JSON.parse(fs.readFileSync(record, 'utf8')) as { projects: Record<string, { files: Record<string, { duration: number }> }> };
  for (const { files } of Object.values(projects)) for (const [file, { duration }] of Object.entries(files)) durations[file] = Math.round(duration);
}
const sorted = Object.fromEntries(Object.entries(durations).filter(([file]) => fs.existsSync(file)).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join('tests', 'durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`tests/durations.json: ${Object.keys(sorted).length} files, ${Math.round(Object.values(sorted).reduce((sum, ms) => sum + ms, 0) / 1000)} s in all`);
