import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive, byValue, combine } from '../shared/list-filters.ts';
import { ctaDefaults, makeCtaSchema } from './cta-schema.ts';

export const ctaEntity: EntityDefinition = {
  label: 'CTA',
  table: 'ctas',
  fields: {
    title: 'json', subtitle: 'json', primaryButtonText: 'json', secondaryButtonText: 'json', primaryButtonLink: 'text',
    secondaryButtonLink: 'text', backgroundColor: 'text', category: 'text', isActive: 'bool', order: 'int',
  },
  schema: makeCtaSchema,
  defaults: ctaDefaults,
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  listConditions: combine(byValue('category', 'category'), byActive),
};
