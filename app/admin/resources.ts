import { RECORD_TYPES, recordTypeNamed } from '../../domain/registry.ts';
import type { AdminTexts, FieldDeclaration } from '../../domain/shared/fields.ts';
import type { AdminDeclaration, RecordType } from '../../domain/shared/record-type.ts';

/*
 * How the admin's one list and one form show a record type, read from its declaration: the form
 * validates with the type's own zod schema, the same one the API uses.
 */

export type FieldSpec =
  | { name: string; kind: 'ml'; multiline: boolean; required: boolean }
  | { name: string; kind: 'document'; required: boolean }
  | { name: string; kind: 'text' | 'email' | 'url' | 'textarea' | 'date' | 'number'; required: boolean; hint?: AdminTexts }
  | { name: string; kind: 'names' }
  | { name: string; kind: 'checkbox' | 'image' | 'ml-list' | 'author' | 'datetime' }
  | { name: string; kind: 'select'; options: readonly string[]; labels: Readonly<Record<string, AdminTexts>>; numeric: boolean }
  | { name: string; kind: 'icon'; options: readonly string[] }
  | { name: string; kind: 'features'; withOrder: boolean }
  | { name: string; kind: 'reference'; references: string }
  /** Several records: of one type, or the public ones of several, each under its heading (an article's topics). */
  | { name: string; kind: 'references'; references: string; groups?: ReadonlyArray<{ type: string; heading: AdminTexts }> };

export interface Resource extends AdminDeclaration {
  key: string;
  path: string;
  type: RecordType;
  title: AdminTexts;
  fields: FieldSpec[];
  /** Field labels the type declares itself (the shared dictionary has the rest). */
  labels: Record<string, AdminTexts>;
  paginated: boolean;
  statusFilter?: 'active' | 'published';
  categoryFilter?: { field: string };
  toggles: string[];
  /** Fields the list's search box looks in. */
  searchFields: string[];
}

function fieldSpec(name: string, field: FieldDeclaration): FieldSpec | undefined {
  if (field.counter) return undefined;
  const required = field.required !== false;
  switch (field.widget) {
    case 'text':
    case 'textarea':
      return field.localized ? { name, kind: 'ml', multiline: field.widget === 'textarea', required } : { name, kind: field.widget, required };
    case 'email':
    case 'url':
    case 'date':
    case 'number':
      return { name, kind: field.widget, required, ...(field.hint ? { hint: field.hint } : {}) };
    case 'select':
      return { name, kind: 'select', options: field.options ?? [], labels: field.optionLabels ?? {}, numeric: field.storage === 'int' };
    case 'icon':
      return { name, kind: 'icon', options: field.options ?? [] };
    case 'features':
      return { name, kind: 'features', withOrder: field.itemOrder === true };
    case 'list':
      return { name, kind: 'ml-list' };
    case 'reference':
      return { name, kind: 'reference', references: field.references! };
    case 'references':
      return { name, kind: 'references', references: field.references!, groups: field.offered?.groups };
    case 'document':
      return { name, kind: 'document', required };
    default:
      return { name, kind: field.widget };
  }
}

function resourceOf(type: RecordType): Resource {
  const entries = Object.entries(type.fields);
  const visibility = type.visibilityField;
  const category = entries.find(([, field]) => field.filter?.kind === 'text' && field.filter.exact);
  return {
    ...type.admin,
    key: type.name,
    path: `/${type.name}`,
    type,
    title: type.admin.title,
    fields: entries.map(([name, field]) => fieldSpec(name, field)).filter((spec) => spec !== undefined),
    labels: Object.fromEntries(entries.flatMap(([name, field]) => (field.label ? [[name, field.label]] : []))),
    paginated: Boolean(type.pageSize),
    statusFilter: visibility === 'published' ? 'published' : visibility === 'isActive' ? 'active' : undefined,
    categoryFilter: category ? { field: category[0] } : undefined,
    toggles: entries.filter(([, field]) => field.toggle).map(([name]) => name),
    searchFields: type.searchFields,
  };
}

export const RESOURCES: Resource[] = RECORD_TYPES.map(resourceOf);

export function resourceByKey(key: string | undefined): Resource | undefined {
  const type = recordTypeNamed(key);
  return type && RESOURCES.find((resource) => resource.type === type);
}
