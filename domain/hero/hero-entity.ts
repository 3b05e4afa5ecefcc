import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive } from '../shared/list-filters.ts';
import { heroDefaults, makeHeroSchema } from './hero-schema.ts';

export const heroEntity: EntityDefinition = {
  label: 'Hero section',
  table: 'hero_sections',
  fields: {
    title: 'json', titleHighlight: 'json', subtitle: 'json', getConsultationText: 'json', meetTeamText: 'json',
    satisfiedClientsText: 'json', satisfiedClientsCount: 'text', features: 'json', cardTitle: 'json', cardSubtitle: 'json',
    image: 'text', isActive: 'bool', order: 'int',
  },
  schema: makeHeroSchema,
  defaults: heroDefaults,
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  listConditions: byActive,
};
