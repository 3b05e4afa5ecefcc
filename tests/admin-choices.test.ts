import { describe, expect, it } from 'vitest';
import { optionLabel } from '../app/admin/field-labels.ts';
import { RESOURCES } from '../app/admin/resources.ts';
import { RECORD_TYPES } from '../domain/registry.ts';

/* Every choice of every record type's form in the admin's words (offline → Очно), never its stored value (FULL_TIME). */

const choiceFields = RESOURCES.flatMap((resource) => resource.fields.flatMap((field) => (field.kind === 'select' ? [{ type: resource.key, field }] : [])));

describe('choices in the admin form', () => {
  it('finds the choice fields of every record type in the registry', () => {
    const declared = RECORD_TYPES.flatMap((type) => Object.entries(type.fields).filter(([, field]) => field.widget === 'select').map(([name]) => `${type.name}.${name}`));
    expect(choiceFields.map(({ type, field }) => `${type}.${field.name}`).sort()).toEqual(declared.sort());
    expect(declared).toEqual(expect.arrayContaining(['events.mode', 'vacancies.employmentType']));
  });

  it.each(['uz', 'ru', 'en'])('names every choice in %s, in words of that language, never by its stored value', (lang) => {
    const raw: string[] = [];
    for (const { type, field } of choiceFields) {
      if (field.kind !== 'select') continue;
      // A number (a testimonial's rating, 1 to 5) reads the same in every language.
      for (const option of field.options.filter((value) => !/^\d+$/.test(value))) {
        const shown = optionLabel(option, lang, field.labels);
        const script = lang === 'ru' ? /^[^A-Za-z]+$/ : /^[^\u0400-\u04FF]+$/;
        if (shown === option || !script.test(shown)) raw.push(`${type}.${field.name}: ${option} → ${shown}`);
      }
    }
    expect(raw).toEqual([]);
  });
});
