import type { ReactNode } from 'react';
import { ArrowRight } from './lucide.ts';
import { createTranslator } from '../i18n/translator.ts';
import type { UiTextKey } from '../i18n/ui-texts.ts';
import { siteFromMatches } from './page-data.ts';
import { breadcrumbList, JsonLd, pageMeta } from './seo.tsx';
import { useSite } from './site-context.tsx';
import { EmptyState, ErrorBox, PageHeader, Section } from './ui.tsx';

/** A section of the site whose interface texts name its page: `careers.title` and `careers.subtitle`. */
type Titled<K> = K extends `${infer S}.subtitle` ? (`${S}.title` extends UiTextKey ? S : never) : never;
export type TitledSection = Titled<UiTextKey>;

/** The head of a section's page: its title and description from the section's interface texts. */
export function sectionMeta(matches: Parameters<typeof siteFromMatches>[0], section: TitledSection) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const t = createTranslator(site.lang, site.defaultLanguage, site.translations);
  return pageMeta(site, { title: t(`${section}.title`), description: t(`${section}.subtitle`) });
}

/**
 * The skeleton of a public list page: the breadcrumb's JSON-LD, the page's header, and in its
 * section the error box when the list could not be read, the `empty` words when it is empty
 * (`false`: it is not), or the list itself.
 */
export function ListPage({ path, title, subtitle, failed, error, retry, empty, children }: { path: string; title: string; subtitle: string; failed: boolean; error: string; retry?: string; empty?: ReactNode | false; children?: ReactNode }) {
  const site = useSite();
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: site.t('common.home'), path: '/' }, { name: title, path }])} />
      <PageHeader title={title} subtitle={subtitle} />
      <Section>{failed ? <ErrorBox title={error} retry={retry} /> : empty !== false && empty !== undefined ? <EmptyState>{empty}</EmptyState> : children}</Section>
    </>
  );
}

/** A card's "Read more" at its foot, naming the card for a screen reader. */
export function ReadMore({ name }: { name: string }) {
  const { t } = useSite();
  return (
    <span className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-brand-700">
      {t('common.readMore')}
      <span className="sr-only">: {name}</span>
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </span>
  );
}
