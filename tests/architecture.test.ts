import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../domain/registry.ts';

const eslint = new ESLint({ cwd: path.resolve('.') });
const problems = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
};

describe('the direction of dependencies', () => {
  it('refuses an import of the HTTP host in the pages, the database layer, the domain and the seed', async () => {
    expect(await problems('app/routes/site/example.tsx', "import { createAppServices } from '../../../server/app-services.ts';\nexport const x = createAppServices;\n")).toHaveLength(1);
    expect(await problems('db/example.ts', "import { buildApp } from '../server/app.ts';\nexport const x = buildApp;\n")).toHaveLength(1);
    expect(await problems('domain/news/example.ts', "import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n")).toHaveLength(1);
    expect(await problems('seed/example.ts', "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n")).toHaveLength(1);
  });

  it('lets each layer import what it builds on', async () => {
    expect(await problems('app/routes/site/example.tsx', "import { RECORD_TYPES } from '../../../domain/registry.ts';\nexport const x = RECORD_TYPES;\n")).toEqual([]);
    expect(await problems('server/example.ts', "import { RECORD_TYPES } from '../domain/registry.ts';\nexport const x = RECORD_TYPES;\n")).toEqual([]);
    // react-dom/server is a package, not our server folder.
    expect(await problems('app/example.tsx', "import { renderToString } from 'react-dom/server';\nexport const x = renderToString;\n")).toEqual([]);
  });

  it('keeps casts out of the pages and the admin: records are typed by their declarations', () => {
    // Casts in code, not the word "as" in comments or in the interface texts.
    const lines = execFileSync('grep', ['-rn', ' as ', 'app/', '--include=*.ts', '--include=*.tsx'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter((line) => !/^app\/(i18n\/ui-texts|admin\/admin-texts)\.ts:/.test(line))
      .filter((line) => !/^[^:]+:\d+:\s*(\/\/|\/?\*|\{\/\*)/.test(line))
      // Renames in imports and exports, and a module imported whole, are not casts; nor is `as const`.
      .filter((line) => !/^[^:]+:\d+:\s*(import|export) (type )?(\{|\* as )/.test(line))
      .filter((line) => / as (?!const\b)/.test(line.replace(/^[^:]+:\d+:/, '')));
    expect(lines.length, lines.join('\n')).toBeLessThan(12);
  });
});

describe('the registry', () => {
  it('gives every record type a unique name, a table, an admin title in three languages and a title field it declares', () => {
    expect(new Set(RECORD_TYPES.map((type) => type.name)).size).toBe(RECORD_TYPES.length);
    expect(new Set(RECORD_TYPES.map((type) => type.table)).size).toBe(RECORD_TYPES.length);
    for (const type of RECORD_TYPES) {
      expect(Object.keys(type.fields)).toContain(type.admin.titleField);
      expect(type.admin.title.uz && type.admin.title.ru && type.admin.title.en).toBeTruthy();
      if (type.site?.detail || type.publicPath === '') expect(type.slugFrom, type.name).toBeTruthy();
    }
  });
});
