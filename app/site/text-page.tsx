import type { Page } from '../../domain/pages/pages.ts';
import { pickText, type Localized } from '../../domain/shared/localized.ts';
import { breadcrumbList, JsonLd, pageMeta } from './seo.tsx';
import { useSite } from './site-context.tsx';
import type { SiteData } from './site-data.server.ts';
import { ErrorBox, PageHeader, Section } from './ui.tsx';
import { UnofficialTranslation } from './unofficial-translation.tsx';
import { DocumentBody } from './document-body.tsx';
import { OperatorFacts } from './operator-facts.tsx';

/** Blank lines separate paragraphs; single line breaks stay inside a paragraph. */
const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

export function textPageMeta(site: SiteData | undefined, page: Page | undefined, languages?: readonly string[]) {
  if (!site || !page) return [];
  const text = (value: Localized) => pickText(value, site.lang, site.defaultLanguage);
  return pageMeta(site, { title: text(page.title), description: paragraphsOf(text(page.body))[0]?.slice(0, 160), languages });
}

/** A page of text: the privacy policy, the terms of service, a disclaimer. */
export function TextPage({ page, html }: { page: Page | null; html: string }) {
  const site = useSite();
  const { text, t, formatDate } = site;
  if (!page) {
    return (
      <Section>
        <ErrorBox title={t('page.error')} />
      </Section>
    );
  }
  const title = text(page.title);
  return (
    <>
      <PageHeader title={title} subtitle={t('page.updated', { date: formatDate(page.updatedAt) })} />
      <Section>
        <article className="mx-auto max-w-3xl">
          <UnofficialTranslation />
          <DocumentBody html={html} />
          {page.slug === 'privacy' && <OperatorFacts />}
        </article>
      </Section>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: title, path: `/${page.slug}` }])} />
    </>
  );
}
