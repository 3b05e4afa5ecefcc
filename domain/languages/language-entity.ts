import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, byActive } from '../shared/list-filters.ts';
import { languageDefaults, LanguageSchema } from './language-schema.ts';

export const languageEntity: EntityDefinition = {
  label: 'Language',
  table: 'languages',
  storage: {
    code: 'text', name: 'text', nativeName: 'text', flag: 'text', isActive: 'bool', isDefault: 'bool', order: 'int',
    rtl: 'bool', translations: 'json',
  },
  schema: () => LanguageSchema,
  defaults: languageDefaults,
  publicConditions: () => ACTIVE_ONLY,
  orderBy: [['order_index', 'asc'], ['created_at', 'asc']],
  listConditions: byActive,
};
