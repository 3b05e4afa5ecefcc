import type { EntityDefinition } from '../shared/entity.ts';
import { byFlag, byLocalizedLine, byPublicationStatus, bySearch, combine, localizedEquals, PUBLISHED_ONLY } from '../shared/list-filters.ts';
import { searchText, type Localized } from '../shared/search.ts';
import { makeNewsSchema, newsDefaults } from './news-schema.ts';

export const newsEntity: EntityDefinition = {
  label: 'News article',
  table: 'news',
  fields: {
    slug: 'text', title: 'json', excerpt: 'json', content: 'json', category: 'json', author: 'json', date: 'text',
    image: 'text', featured: 'bool', published: 'bool', views: 'int', tags: 'json',
  },
  schema: makeNewsSchema,
  defaults: newsDefaults,
  slugFrom: 'title',
  publicConditions: PUBLISHED_ONLY,
  orderBy: [['date', 'desc'], ['created_at', 'desc']],
  derive: (r) => ({
    category_text: searchText([r.category as Localized]),
    search_text: searchText([r.title as Localized, r.excerpt as Localized, r.content as Localized, r.tags as Localized[]]),
  }),
  listConditions: combine(byFlag('featured', 'featured'), byLocalizedLine('category', 'category_text'), bySearch, byPublicationStatus),
  listPostFilter: localizedEquals('category', 'category'),
};
