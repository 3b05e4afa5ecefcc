import type { ReactNode } from 'react';
import { data, type MetaDescriptor } from 'react-router';
import { pickText } from '../../domain/shared/localized.ts';
import { createTranslator } from '../i18n/translator.ts';
import type { UiTextKey } from '../i18n/ui-texts.ts';
import { siteFromMatches } from './page-data.ts';
import { useSite } from './site-context.tsx';
import { PageHeader } from './ui.tsx';

/** A subscription's page is for one reader: never kept by a browser, a proxy or our cache, never indexed. */
export const PRIVATE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };
const PRIVATE_META = [{ name: 'robots', content: 'noindex, nofollow' }];

/**
 * A signed link's tab, as every page's: its heading and the firm's name in the page's language
 * ("Obunani tasdiqlang | …"), never indexed; no canonical or alternates (its address is one reader's).
 */
export function privateMeta(matches: Parameters<typeof siteFromMatches>[0], heading: UiTextKey): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!site) return PRIVATE_META;
  const t = createTranslator(site.lang, site.defaultLanguage, site.translations);
  return [{ title: `${t(heading)} | ${pickText(site.config.companyName, site.lang, site.defaultLanguage)}` }, ...PRIVATE_META];
}

/** A signed link's page: what it opened, or (altered, expired, removed) a 404 that says so. */
export const linkFound = <T extends object>(value: T) => data<T & { found: true }>({ ...value, found: true }, { headers: PRIVATE });
export const linkNotFound = () => data<{ found: false }>({ found: false }, { status: 404, headers: PRIVATE });

/** The frame of the alerts' signed pages (confirm, settings, unsubscribe). */
export function SubscriptionPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="mx-auto max-w-3xl space-y-6 px-5 py-14 sm:px-8">{children}</div>
    </>
  );
}

/** An altered or expired link, or a subscription removed since: said, with the way back. */
export function LinkDoesNotWork() {
  const { t, href } = useSite();
  return (
    <SubscriptionPage title={t('subscriptionLink.title')}>
      <p role="alert" className="text-lg text-slate-800">
        {t('subscriptionLink.text')}
      </p>
      <a href={href('/subscribe')} className="inline-block font-semibold text-brand-700 underline">
        {t('subscribe.title')}
      </a>
    </SubscriptionPage>
  );
}

export function Done({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-6 text-green-900">
      {children}
    </p>
  );
}
