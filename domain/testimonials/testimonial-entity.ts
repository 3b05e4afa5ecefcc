import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive, byFlag, byValue, combine } from '../shared/list-filters.ts';
import { makeTestimonialSchema, testimonialDefaults } from './testimonial-schema.ts';

export const testimonialEntity: EntityDefinition = {
  label: 'Testimonial',
  table: 'testimonials',
  fields: {
    name: 'text', position: 'json', company: 'json', content: 'json', rating: 'int', image: 'text', service: 'text',
    isActive: 'bool', order: 'int', featured: 'bool',
  },
  schema: makeTestimonialSchema,
  defaults: testimonialDefaults,
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  listConditions: combine(byFlag('featured', 'featured'), byValue('service', 'service'), byActive),
};
