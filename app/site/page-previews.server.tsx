import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { DomainServices } from '../../domain/app-services.ts';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { createTranslator } from '../i18n/translator.ts';
import { buildSite, SiteProvider } from './site-context.tsx';
import { loadSiteData } from './site-data.server.ts';

/**
 * The preview of a record whose type's page module draws itself (`site.preview`): its `pageData`
 * and `View`, rendered here on the server to HTML — our own React render, every text escaped, with
 * no forms (`preview`). The preview route shows it inside the site's frame; nothing here reaches
 * the browser's code (public pages load no script).
 */
const PAGE_MODULES = import.meta.glob<{
  pageData?: (services: DomainServices, record: StoredRecord, lang: string, defaultLanguage: string) => Promise<unknown>;
  View?: ComponentType<{ data: unknown; preview?: boolean }>;
}>(['../routes/site/*.tsx', '!../routes/site/preview.tsx'], { eager: true });

export async function previewOfPage(services: DomainServices, type: RecordType, record: StoredRecord, language: string | undefined, request: Request): Promise<string | undefined> {
  const module = type.site?.preview && type.site.detail ? PAGE_MODULES[`../${type.site.detail}`] : undefined;
  if (!module?.pageData || !module.View) return undefined;
  const site = await loadSiteData(services, language, request);
  const data = await module.pageData(services, record, site.lang, site.defaultLanguage);
  const View = module.View;
  return renderToString(
    <SiteProvider value={buildSite(site, createTranslator(site.lang, site.defaultLanguage, site.translations))}>
      <View data={data} preview />
    </SiteProvider>,
  );
}
