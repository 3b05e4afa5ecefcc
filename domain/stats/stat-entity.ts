import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive, byValue, combine } from '../shared/list-filters.ts';
import { makeStatSchema, statDefaults } from './stat-schema.ts';

export const statEntity: EntityDefinition = {
  label: 'Stat',
  table: 'stats',
  fields: { number: 'int', suffix: 'text', label: 'json', icon: 'text', category: 'text', isActive: 'bool', order: 'int' },
  schema: makeStatSchema,
  defaults: statDefaults,
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  listConditions: combine(byValue('category', 'category'), byActive),
};
