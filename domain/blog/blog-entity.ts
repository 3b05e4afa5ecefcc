import type { EntityDefinition } from '../shared/entity.ts';
import { byFlag, byLocalizedLine, byPublicationStatus, bySearch, combine, localizedEquals, PUBLISHED_ONLY } from '../shared/list-filters.ts';
import { searchText, type Localized } from '../shared/search.ts';
import { blogPostDefaults, makeBlogPostSchema } from './blog-schema.ts';

export const blogEntity: EntityDefinition = {
  label: 'Blog post',
  table: 'blog_posts',
  fields: {
    slug: 'text', title: 'json', excerpt: 'json', content: 'json', category: 'json', author: 'json', readTime: 'text',
    image: 'text', featured: 'bool', published: 'bool', tags: 'json', publishedAt: 'text', views: 'int',
  },
  schema: makeBlogPostSchema,
  defaults: blogPostDefaults,
  slugFrom: 'title',
  publicConditions: PUBLISHED_ONLY,
  orderBy: [['published_at', 'desc'], ['created_at', 'desc']],
  derive: (r) => ({
    category_text: searchText([r.category as Localized]),
    tags_text: searchText([r.tags as Localized[]]),
    search_text: searchText([r.title as Localized, r.excerpt as Localized, r.content as Localized, r.tags as Localized[]]),
  }),
  listConditions: combine(
    byFlag('featured', 'featured'),
    byLocalizedLine('category', 'category_text'),
    byLocalizedLine('tag', 'tags_text'),
    bySearch,
    byPublicationStatus,
  ),
  listPostFilter: localizedEquals('category', 'category'),
};
