import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive, byFlag, byValue, combine } from '../shared/list-filters.ts';
import { featureDefaults, makeFeatureSchema } from './feature-schema.ts';

export const featureEntity: EntityDefinition = {
  label: 'Feature',
  table: 'features',
  fields: { title: 'json', description: 'json', icon: 'text', category: 'text', isActive: 'bool', order: 'int', featured: 'bool' },
  schema: makeFeatureSchema,
  defaults: featureDefaults,
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  listConditions: combine(byValue('category', 'category'), byFlag('featured', 'featured'), byActive),
};
