/*
 * The TypeScript types of the API, made by openapi-typescript from its OpenAPI document, for a
 * client written with openapi-fetch (tests/client/news-client.ts is one).
 *
 *   npm run openapi:types                       # from the server at http://127.0.0.1:3000
 *   npm run openapi:types -- <document URL or file> [output file]
 *
 * The output (tests/client/api-types.ts by default) is not kept in git: tests/api/openapi-client.test.ts
 * makes it anew from the running test server's document, so it cannot go stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

/** The types of a document, as the text of a module. */
export async function apiTypes(document: object): Promise<string> {
  return astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
}

if (import.meta.main) {
  const source = process.argv[2] ?? 'http://127.0.0.1:3000/api/docs/openapi.json';
  const output = path.resolve(process.argv[3] ?? 'tests/client/api-types.ts');
  const document = /^https?:/.test(source) ? await (await fetch(source)).json() : JSON.parse(fs.readFileSync(source, 'utf8'));
  fs.writeFileSync(output, await apiTypes(document));
  console.log(`Wrote ${path.relative(process.cwd(), output)} from ${source}`);
}
