import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTypes } from '../../scripts/openapi-types.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The typed client of the API: openapi-typescript makes the types from the running server's
 * document (never a kept copy that could go stale), tsc compiles tests/client/news-client.ts
 * against them, and the same client then runs against the real server.
 */

/** tsc on one file, asynchronously: the server in this process keeps answering (and closing idle connections) meanwhile. */
async function compile(file: string): Promise<{ status: number; output: string }> {
  const options = ['--noEmit', '--strict', '--target', 'es2023', '--module', 'esnext', '--moduleResolution', 'bundler', '--allowImportingTsExtensions', '--skipLibCheck', '--lib', 'es2024,dom', '--types', 'node'];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), ...options, file], { encoding: 'utf8' });
    return { status: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { status: failed.code ?? 1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}
describe.each(DIALECTS)('a client typed by the OpenAPI document (%s)', (dialect) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app?.close());

  it('compiles a client of a minimal create, a partial update and a format=text read by slug, and runs it against the server', async () => {
    const document = (await app.api('/api/docs/openapi.json')).body;
    // Inside the project (tmp/ is neither in git nor in the project's tsconfig), so that openapi-fetch resolves.
    fs.mkdirSync('tmp', { recursive: true });
    const directory = fs.mkdtempSync(path.resolve('tmp', `openapi-client-${dialect}-`));
    try {
      fs.writeFileSync(path.join(directory, 'api-types.ts'), await apiTypes(document));
      fs.copyFileSync(path.resolve('tests/client/news-client.ts'), path.join(directory, 'news-client.ts'));
      const compiled = await compile(path.join(directory, 'news-client.ts'));
      expect(compiled.output, 'tsc').toBe('');
      expect(compiled.status).toBe(0);

      // A create that leaves out a required field does not compile.
      fs.writeFileSync(
        path.join(directory, 'wrong.ts'),
        `import createClient from 'openapi-fetch';\nimport type { paths } from './api-types.ts';\nexport const call = () => createClient<paths>({}).POST('/news', { body: { title: { uz: 'x' } } });\n`,
      );
      const refused = await compile(path.join(directory, 'wrong.ts'));
      expect(refused.status).not.toBe(0);
      expect(refused.output).toMatch(/excerpt|content|category/);

      const { newsRound } = (await import(path.join(directory, 'news-client.ts'))) as { newsRound: (url: string, token: string) => Promise<Record<string, unknown>> };
      const round = await newsRound(app.url, token);
      expect(round).toMatchObject({ created: 201, version: 2, excerpt: { uz: 'Yangilangan qisqacha', ru: 'Краткое' }, removed: 200 });
      expect(round.slug).toBeTruthy();
      expect(round.text).toBe('Birinchi xatboshi.\n\nIkkinchi xatboshi.');
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
