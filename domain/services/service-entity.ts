import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive, byFlag, byValue, combine } from '../shared/list-filters.ts';
import { makeServiceSchema, serviceDefaults } from './service-schema.ts';

export const serviceEntity: EntityDefinition = {
  label: 'Service',
  table: 'services',
  fields: {
    slug: 'text', title: 'json', description: 'json', pricing: 'json', duration: 'json', icon: 'text', features: 'json',
    category: 'text', isActive: 'bool', order: 'int', featured: 'bool', image: 'text',
  },
  schema: makeServiceSchema,
  defaults: serviceDefaults,
  slugFrom: 'title',
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  listConditions: combine(byValue('category', 'category'), byFlag('featured', 'featured'), byActive),
};
