import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive, byLocalizedLine, bySearch, byValue, combine, localizedEquals } from '../shared/list-filters.ts';
import { searchText, type Localized } from '../shared/search.ts';
import { makePartnerSchema, partnerDefaults } from './partner-schema.ts';

export const partnerEntity: EntityDefinition = {
  label: 'Partner',
  table: 'partners',
  fields: {
    name: 'json', type: 'json', location: 'json', description: 'json', logo: 'text', specialties: 'json', website: 'text',
    email: 'text', phone: 'text', isActive: 'bool', order: 'int', partnershipType: 'text', establishedDate: 'text',
  },
  schema: makePartnerSchema,
  defaults: partnerDefaults,
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  derive: (r) => ({
    type_text: searchText([r.type as Localized]),
    search_text: searchText([r.name as Localized, r.type as Localized, r.location as Localized, r.email as string]),
  }),
  listConditions: combine(byLocalizedLine('type', 'type_text'), byValue('partnershipType', 'partnership_type'), bySearch, byActive),
  listPostFilter: localizedEquals('type', 'type'),
};
