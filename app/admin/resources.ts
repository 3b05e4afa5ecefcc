import type { z } from 'zod';
import { blogPostDefaults, makeBlogPostSchema } from '../../domain/blog/blog-schema.ts';
import { CTA_BACKGROUNDS, CTA_CATEGORIES, ctaDefaults, makeCtaSchema } from '../../domain/ctas/cta-schema.ts';
import { FEATURE_CATEGORIES, featureDefaults, makeFeatureSchema } from '../../domain/features/feature-schema.ts';
import { heroDefaults, makeHeroSchema } from '../../domain/hero/hero-schema.ts';
import { makeNewsSchema, newsDefaults } from '../../domain/news/news-schema.ts';
import { makePartnerSchema, PARTNERSHIP_TYPES, partnerDefaults } from '../../domain/partners/partner-schema.ts';
import { makeServiceSchema, SERVICE_CATEGORIES, serviceDefaults } from '../../domain/services/service-schema.ts';
import { ICON_NAMES, type SchemaContext } from '../../domain/shared/schema-helpers.ts';
import { makeStatSchema, STAT_CATEGORIES, statDefaults } from '../../domain/stats/stat-schema.ts';
import { makeTeamMemberSchema, teamMemberDefaults } from '../../domain/team/team-schema.ts';
import { makeTestimonialSchema, testimonialDefaults } from '../../domain/testimonials/testimonial-schema.ts';
import type { AdminTextKey } from './admin-texts.ts';

/*
 * The record types edited with the common list and form: their fields (as the form shows them),
 * the list's filters and toggles, where the form opens, and SPEC.md's confirmation texts. The
 * form validates with the record's own zod schema, the same one the API uses.
 */

export type FieldSpec =
  | { name: string; kind: 'ml'; multiline?: boolean; required?: boolean }
  | { name: string; kind: 'text' | 'email' | 'url' | 'textarea' | 'date'; required?: boolean }
  | { name: string; kind: 'number'; required?: boolean }
  | { name: string; kind: 'checkbox' }
  | { name: string; kind: 'select'; options: readonly string[] }
  | { name: string; kind: 'image' }
  | { name: string; kind: 'ml-list' }
  | { name: string; kind: 'features'; withOrder?: boolean }
  | { name: string; kind: 'author' };

export interface Resource {
  key: string;
  path: string;
  title: AdminTextKey;
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: (context: SchemaContext) => z.ZodObject<any>;
  defaults: () => Record<string, unknown>;
  fields: FieldSpec[];
  /** The field shown as the record's name in lists. */
  titleField: string;
  subtitleField?: string;
  placement: 'page' | 'inline' | 'modal';
  paginated?: boolean;
  statusFilter?: 'active' | 'published';
  categoryFilter?: { field: string; localized: boolean };
  searchFields: string[];
  toggles: Array<{ field: string; label: AdminTextKey }>;
  chips?: { field: string; shown: number };
  confirmDelete: Record<string, string>;
  deleteFailed: Record<string, string>;
}

const confirmText = (en: string, ru: string, uz: string) => ({ en, ru, uz });

export const RESOURCES: Resource[] = [
  {
    key: 'team', path: '/team', title: 'nav.team', label: 'team member', schema: makeTeamMemberSchema, defaults: teamMemberDefaults,
    titleField: 'name', subtitleField: 'position', placement: 'page', statusFilter: 'active', searchFields: ['name', 'position', 'email'],
    toggles: [{ field: 'isActive', label: 'common.active' }],
    fields: [
      { name: 'name', kind: 'ml', required: true }, { name: 'position', kind: 'ml', required: true }, { name: 'specialization', kind: 'ml', required: true },
      { name: 'experience', kind: 'text', required: true }, { name: 'education', kind: 'ml', multiline: true, required: true }, { name: 'bio', kind: 'ml', multiline: true, required: true },
      { name: 'email', kind: 'email', required: true }, { name: 'phone', kind: 'text', required: true }, { name: 'linkedin', kind: 'url' },
      { name: 'image', kind: 'image' }, { name: 'order', kind: 'number' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this team member?', 'Вы уверены, что хотите удалить этого сотрудника?', 'Haqiqatan ham bu jamoa a’zosini o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete team member', 'Не удалось удалить сотрудника', 'Jamoa a’zosini o‘chirib bo‘lmadi'),
  },
  {
    key: 'news', path: '/news', title: 'nav.news', label: 'news article', schema: makeNewsSchema, defaults: newsDefaults,
    titleField: 'title', subtitleField: 'category', placement: 'page', paginated: true, statusFilter: 'published', categoryFilter: { field: 'category', localized: true },
    searchFields: ['title', 'excerpt'], toggles: [{ field: 'featured', label: 'common.featured' }, { field: 'published', label: 'common.published' }],
    fields: [
      { name: 'title', kind: 'ml', required: true }, { name: 'slug', kind: 'text' }, { name: 'excerpt', kind: 'ml', multiline: true, required: true },
      { name: 'content', kind: 'ml', multiline: true, required: true }, { name: 'category', kind: 'ml', required: true }, { name: 'author', kind: 'author' },
      { name: 'date', kind: 'date' }, { name: 'image', kind: 'image' }, { name: 'tags', kind: 'ml-list' }, { name: 'featured', kind: 'checkbox' }, { name: 'published', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this news article?', 'Вы уверены, что хотите удалить эту новость?', 'Haqiqatan ham bu yangilikni o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete news article', 'Не удалось удалить новость', 'Yangilikni o‘chirib bo‘lmadi'),
  },
  {
    key: 'blog', path: '/blog', title: 'nav.blog', label: 'blog post', schema: makeBlogPostSchema, defaults: blogPostDefaults,
    titleField: 'title', subtitleField: 'category', placement: 'page', paginated: true, statusFilter: 'published', categoryFilter: { field: 'category', localized: true },
    searchFields: ['title', 'excerpt', 'tags'], toggles: [{ field: 'featured', label: 'common.featured' }, { field: 'published', label: 'common.published' }], chips: { field: 'tags', shown: 3 },
    fields: [
      { name: 'title', kind: 'ml', required: true }, { name: 'slug', kind: 'text' }, { name: 'excerpt', kind: 'ml', multiline: true, required: true },
      { name: 'content', kind: 'ml', multiline: true, required: true }, { name: 'category', kind: 'ml', required: true }, { name: 'readTime', kind: 'text', required: true },
      { name: 'author', kind: 'author' }, { name: 'publishedAt', kind: 'date' }, { name: 'image', kind: 'image' }, { name: 'tags', kind: 'ml-list' },
      { name: 'featured', kind: 'checkbox' }, { name: 'published', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this blog post?', 'Вы уверены, что хотите удалить эту статью?', 'Haqiqatan ham bu maqolani o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete blog post', 'Не удалось удалить статью', 'Maqolani o‘chirib bo‘lmadi'),
  },
  {
    key: 'partners', path: '/partners', title: 'nav.partners', label: 'partner', schema: makePartnerSchema, defaults: partnerDefaults,
    titleField: 'name', subtitleField: 'type', placement: 'page', statusFilter: 'active', categoryFilter: { field: 'type', localized: true },
    searchFields: ['name', 'type', 'location', 'email'], toggles: [{ field: 'isActive', label: 'common.active' }], chips: { field: 'specialties', shown: 3 },
    fields: [
      { name: 'name', kind: 'ml', required: true }, { name: 'type', kind: 'ml', required: true }, { name: 'location', kind: 'ml', required: true },
      { name: 'description', kind: 'ml', multiline: true, required: true }, { name: 'specialties', kind: 'ml-list' }, { name: 'email', kind: 'email', required: true },
      { name: 'phone', kind: 'text' }, { name: 'website', kind: 'url' }, { name: 'partnershipType', kind: 'select', options: PARTNERSHIP_TYPES },
      { name: 'order', kind: 'number' }, { name: 'establishedDate', kind: 'text' }, { name: 'logo', kind: 'image' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this partner?', 'Вы уверены, что хотите удалить этого партнёра?', 'Haqiqatan ham bu hamkorni o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete partner', 'Не удалось удалить партнёра', 'Hamkorni o‘chirib bo‘lmadi'),
  },
  {
    key: 'hero', path: '/hero', title: 'nav.hero', label: 'hero section', schema: makeHeroSchema, defaults: heroDefaults,
    titleField: 'title', subtitleField: 'subtitle', placement: 'inline', searchFields: [], toggles: [{ field: 'isActive', label: 'common.active' }],
    fields: [
      { name: 'title', kind: 'ml', required: true }, { name: 'titleHighlight', kind: 'ml', required: true }, { name: 'subtitle', kind: 'ml', multiline: true, required: true },
      { name: 'getConsultationText', kind: 'ml', required: true }, { name: 'meetTeamText', kind: 'ml', required: true }, { name: 'satisfiedClientsText', kind: 'ml', required: true },
      { name: 'satisfiedClientsCount', kind: 'text', required: true }, { name: 'cardTitle', kind: 'ml', required: true }, { name: 'cardSubtitle', kind: 'ml', required: true },
      { name: 'features', kind: 'features', withOrder: true }, { name: 'image', kind: 'image' }, { name: 'order', kind: 'number' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this hero section?', 'Вы уверены, что хотите удалить этот главный экран?', 'Haqiqatan ham bu bosh ekranni o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete hero section', 'Не удалось удалить главный экран', 'Bosh ekranni o‘chirib bo‘lmadi'),
  },
  {
    key: 'services', path: '/services', title: 'nav.services', label: 'service', schema: makeServiceSchema, defaults: serviceDefaults,
    titleField: 'title', subtitleField: 'category', placement: 'modal', statusFilter: 'active', searchFields: ['title'], toggles: [{ field: 'isActive', label: 'common.active' }, { field: 'featured', label: 'common.featured' }],
    fields: [
      { name: 'title', kind: 'ml', required: true }, { name: 'slug', kind: 'text' }, { name: 'description', kind: 'ml', multiline: true, required: true },
      { name: 'pricing', kind: 'ml' }, { name: 'duration', kind: 'ml' }, { name: 'category', kind: 'select', options: SERVICE_CATEGORIES },
      { name: 'icon', kind: 'select', options: ICON_NAMES }, { name: 'features', kind: 'features' }, { name: 'image', kind: 'image' },
      { name: 'order', kind: 'number' }, { name: 'featured', kind: 'checkbox' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Delete this service?', 'Удалить эту услугу?', 'Bu xizmatni o‘chirasizmi?'),
    deleteFailed: confirmText('Failed to delete service', 'Не удалось удалить услугу', 'Xizmatni o‘chirib bo‘lmadi'),
  },
  {
    key: 'stats', path: '/stats', title: 'nav.stats', label: 'stat', schema: makeStatSchema, defaults: statDefaults,
    titleField: 'label', subtitleField: 'number', placement: 'inline', searchFields: [], toggles: [{ field: 'isActive', label: 'common.active' }],
    fields: [
      { name: 'number', kind: 'number', required: true }, { name: 'suffix', kind: 'text' }, { name: 'label', kind: 'ml', required: true },
      { name: 'icon', kind: 'select', options: ICON_NAMES }, { name: 'category', kind: 'select', options: STAT_CATEGORIES }, { name: 'order', kind: 'number' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this stat?', 'Вы уверены, что хотите удалить этот показатель?', 'Haqiqatan ham bu ko‘rsatkichni o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete stat', 'Не удалось удалить показатель', 'Ko‘rsatkichni o‘chirib bo‘lmadi'),
  },
  {
    key: 'features', path: '/features', title: 'nav.features', label: 'feature', schema: makeFeatureSchema, defaults: featureDefaults,
    titleField: 'title', subtitleField: 'category', placement: 'inline', searchFields: [], toggles: [{ field: 'isActive', label: 'common.active' }, { field: 'featured', label: 'common.featured' }],
    fields: [
      { name: 'title', kind: 'ml', required: true }, { name: 'description', kind: 'ml', multiline: true, required: true }, { name: 'icon', kind: 'select', options: ICON_NAMES },
      { name: 'category', kind: 'select', options: FEATURE_CATEGORIES }, { name: 'order', kind: 'number' }, { name: 'featured', kind: 'checkbox' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this feature?', 'Вы уверены, что хотите удалить это преимущество?', 'Haqiqatan ham bu afzallikni o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete feature', 'Не удалось удалить преимущество', 'Afzallikni o‘chirib bo‘lmadi'),
  },
  {
    key: 'testimonials', path: '/testimonials', title: 'nav.testimonials', label: 'testimonial', schema: makeTestimonialSchema, defaults: testimonialDefaults,
    titleField: 'name', subtitleField: 'company', placement: 'inline', searchFields: [], toggles: [{ field: 'isActive', label: 'common.active' }, { field: 'featured', label: 'common.featured' }],
    fields: [
      { name: 'name', kind: 'text', required: true }, { name: 'position', kind: 'ml', required: true }, { name: 'company', kind: 'ml', required: true },
      { name: 'content', kind: 'ml', multiline: true, required: true }, { name: 'rating', kind: 'select', options: ['1', '2', '3', '4', '5'] }, { name: 'service', kind: 'text' },
      { name: 'image', kind: 'image' }, { name: 'order', kind: 'number' }, { name: 'featured', kind: 'checkbox' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this testimonial?', 'Вы уверены, что хотите удалить этот отзыв?', 'Haqiqatan ham bu fikrni o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete testimonial', 'Не удалось удалить отзыв', 'Fikrni o‘chirib bo‘lmadi'),
  },
  {
    key: 'ctas', path: '/ctas', title: 'nav.ctas', label: 'CTA', schema: makeCtaSchema, defaults: ctaDefaults,
    titleField: 'title', subtitleField: 'category', placement: 'inline', searchFields: [], toggles: [{ field: 'isActive', label: 'common.active' }],
    fields: [
      { name: 'title', kind: 'ml', required: true }, { name: 'subtitle', kind: 'ml', multiline: true, required: true }, { name: 'primaryButtonText', kind: 'ml', required: true },
      { name: 'primaryButtonLink', kind: 'text' }, { name: 'secondaryButtonText', kind: 'ml' }, { name: 'secondaryButtonLink', kind: 'text' },
      { name: 'backgroundColor', kind: 'select', options: CTA_BACKGROUNDS }, { name: 'category', kind: 'select', options: CTA_CATEGORIES }, { name: 'order', kind: 'number' }, { name: 'isActive', kind: 'checkbox' },
    ],
    confirmDelete: confirmText('Are you sure you want to delete this CTA?', 'Вы уверены, что хотите удалить этот блок?', 'Haqiqatan ham bu blokni o‘chirmoqchimisiz?'),
    deleteFailed: confirmText('Failed to delete CTA', 'Не удалось удалить блок', 'Blokni o‘chirib bo‘lmadi'),
  },
];

export const resourceByKey = (key: string | undefined) => RESOURCES.find((resource) => resource.key === key);
