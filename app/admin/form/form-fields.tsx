import { can } from '../../../domain/access/permissions.ts';
import { useAdmin } from '../admin-context.tsx';
import { objectValue, textValue } from '../display.ts';
import { fieldLabel } from '../field-labels.ts';
import { Field } from '../fields/field.tsx';
import type { Comment as ReviewComment } from '../review-panel.tsx';
import type { FieldSpec, Resource } from '../resources.ts';
import { FieldComments, SourceBlocks, SourceText } from './beside-fields.tsx';
import type { FormContext } from './form-context.ts';
import type { FormState } from './use-form-state.ts';
import type { Languages } from './use-languages.ts';
import { useTranslating } from './translation-bar.tsx';
import { MemoryMatches } from './memory-matches.tsx';
import { isDocument, type DocNode } from '../../../domain/documents/document.ts';

/** A document field's value with `block` in place of the block at `index` in `lang` (after the last when there is none). */
function withBlock(value: unknown, lang: string, index: number, block: DocNode) {
  const languages = objectValue(value);
  const doc = languages[lang];
  const content = isDocument(doc) ? [...doc.content] : [];
  if (index < content.length) content[index] = block;
  else content.push(block);
  return { ...languages, [lang]: { type: 'doc', content } };
}

/** Kinds of field that hold a text in each language (what a translator changes). */
const TEXT_KINDS: ReadonlyArray<FieldSpec['kind']> = ['ml', 'document', 'ml-list', 'features'];

/** The fields in their declared order, but the page address right after the title (it is made from it). */
function slugAfterTitle(fields: FieldSpec[], titleField: string): FieldSpec[] {
  const slug = fields.find((field) => field.name === 'slug');
  if (!slug || !fields.some((field) => field.name === titleField)) return fields;
  return fields.filter((field) => field !== slug).flatMap((field) => (field.name === titleField ? [field, slug] : [field]));
}

/** The page's full address on this site (the admin is served from the site's own address). */
const fullLink = (publicPath: string, slug: string) => `${typeof location === 'undefined' ? '' : location.origin}${publicPath}/${slug}`;

interface FormFieldsProps {
  resource: Resource;
  form: FormState;
  languages: Languages;
  context: FormContext;
  /** The fields shown elsewhere (the publishing choice's). */
  apart: string[];
  /** The source language's text beside each text field. */
  comparing: boolean;
  comments: ReviewComment[];
  /** The fields just restored from an autosave, marked so. */
  restored?: ReadonlySet<string>;
}

/** The record's fields, two columns wide; each with its source beside it while translating, its review comments, the page's full address under the slug. */
export function FormFields({ resource, form, languages, context, apart, comparing, comments, restored }: FormFieldsProps) {
  const { t, lang, defaultLanguage, user } = useAdmin();
  const translating = useTranslating();
  const { values } = form;
  const { active, block, pointAt } = languages;
  const locked = (field: FieldSpec) => translating && (!TEXT_KINDS.includes(field.kind) || !can(user, 'record.edit', { language: active }));
  const sourceLabel = (field: string) => `${fieldLabel(field, lang, resource.labels)} · ${t('translation.source', { language: defaultLanguage.toUpperCase() })}`;
  const { marks } = context;
  return (
    // Columns of minmax(0, 1fr): a wide table in a document scrolls in its box, never widens the form.
    <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
      {slugAfterTitle(resource.fields, resource.type.admin.titleField)
        .filter((field) => !apart.includes(field.name))
        .map((field) => {
          const beside = comparing && resource.type.localizedFields.includes(field.name);
          return (
            <fieldset key={field.name} data-field={field.name} disabled={locked(field)} className={beside ? 'grid min-w-0 grid-cols-1 gap-3 md:col-span-2 md:grid-cols-2 md:*:col-span-1!' : 'contents'}>
              {beside &&
                (field.kind === 'document' ? (
                  <div className="min-w-0 md:sticky md:top-4 md:self-start">
                    <SourceBlocks field={field.name} label={sourceLabel(field.name)} value={objectValue(values[field.name])[defaultLanguage]} language={defaultLanguage} current={block?.field === field.name ? block.index : -1} />
                    {block?.field === field.name && (
                      <MemoryMatches
                        source={objectValue(values[field.name])[defaultLanguage]}
                        index={block.index}
                        from={defaultLanguage}
                        to={active}
                        onInsert={(inserted) => form.set(field.name, withBlock(values[field.name], active, block.index, inserted))}
                      />
                    )}
                  </div>
                ) : (
                  <SourceText label={sourceLabel(field.name)} value={values[field.name]} language={defaultLanguage} />
                ))}
              <Field
                field={field}
                labels={resource.labels}
                value={values[field.name]}
                active={active}
                errors={form.errors}
                choices={context.choices}
                fixedLength={translating}
                note={restored?.has(field.name) ? t('edit.restored') : active !== defaultLanguage && marks.fields[active]?.includes(field.name) ? (marks.states[active] === 'outdated' ? t('translation.outdated') : t('translation.missing')) : undefined}
                onChange={(value) => form.set(field.name, value)}
                onBlock={comparing ? (index) => languages.setBlock({ field: field.name, index }) : undefined}
                pointAt={pointAt?.field === field.name && pointAt.lang === active ? pointAt : undefined}
                computed={resource.type.fields[field.name]?.whenEmpty?.(values, defaultLanguage)}
              />
              <FieldComments comments={comments.filter((comment) => comment.field === field.name && !comment.resolved && (!comment.lang || comment.lang === active))} />
              {field.name === 'slug' && resource.type.publicPath !== undefined && textValue(values.slug) && (
                // The whole address visitors will use, in the default language.
                <p className="-mt-3 break-all text-sm text-slate-600 md:col-span-2" data-testid="full-link">
                  {t('form.fullLink')}: <span className="font-mono text-slate-800">{fullLink(resource.type.publicPath, textValue(values.slug))}</span>
                </p>
              )}
            </fieldset>
          );
        })}
    </div>
  );
}
