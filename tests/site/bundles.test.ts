import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_BUILD } from '../../server/start.ts';

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
}

/** React Router's client manifest of the production build (scripts/test.ts builds first). */
function readManifest(): Record<string, ManifestRoute> {
  const assets = path.join(CLIENT_BUILD, 'assets');
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error('no client build: run npm run build');
  const source = fs.readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)).routes;
}

const ADMIN_ONLY_CHUNKS = /\/(admin-context|admin-texts|resources|record-form|form-context|list-table|image-uploader|field-labels)-[\w-]+\.js$/;

describe('the built client assets', () => {
  it('give no public route any admin code: no admin route module and no admin-only chunk', () => {
    const routes = Object.values(readManifest());
    const admin = routes.filter((route) => route.id.startsWith('routes/admin/'));
    const publicRoutes = routes.filter((route) => route.id.startsWith('routes/site/') || route.id === 'root');
    expect(admin.length).toBeGreaterThan(10);
    expect(publicRoutes.length).toBeGreaterThan(10);
    const adminModules = new Set(admin.map((route) => route.module));
    for (const route of publicRoutes) {
      for (const file of [route.module, ...(route.imports ?? [])]) {
        expect(adminModules.has(file), `${route.id} loads ${file}`).toBe(false);
        expect(file, `${route.id} loads ${file}`).not.toMatch(ADMIN_ONLY_CHUNKS);
      }
    }
    // And the admin routes do use those chunks, so the check above looks at real names.
    expect(admin.some((route) => (route.imports ?? []).some((file) => ADMIN_ONLY_CHUNKS.test(file)))).toBe(true);
  });
});
