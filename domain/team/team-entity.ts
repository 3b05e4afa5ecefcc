import type { EntityDefinition } from '../shared/entity.ts';
import { ACTIVE_ONLY, BY_ORDER, byActive, bySearch, combine } from '../shared/list-filters.ts';
import { searchText, type Localized } from '../shared/search.ts';
import { makeTeamMemberSchema, teamMemberDefaults } from './team-schema.ts';

export const teamEntity: EntityDefinition = {
  label: 'Team member',
  table: 'team_members',
  fields: {
    name: 'json', position: 'json', specialization: 'json', education: 'json', bio: 'json', experience: 'text',
    email: 'text', phone: 'text', linkedin: 'text', image: 'text', isActive: 'bool', order: 'int',
  },
  schema: makeTeamMemberSchema,
  defaults: teamMemberDefaults,
  publicConditions: ACTIVE_ONLY,
  orderBy: BY_ORDER,
  derive: (r) => ({ search_text: searchText([r.name as Localized, r.position as Localized, r.email as string]) }),
  listConditions: combine(bySearch, byActive),
};
