import { PreviewNote } from '../../site/ui.tsx';
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { createTranslator } from '../../i18n/translator.ts';
import { FallbackPage, notFoundLinks } from '../../site/fallback-page.tsx';
import { notFoundMeta } from '../../site/seo.tsx';
import { SiteFooter } from '../../site/footer.tsx';
import { PhoneActions, SiteHeader } from '../../site/header.tsx';
import { buildSite, SiteProvider } from '../../site/site-context.tsx';
import { isSiteData } from '../../site/page-data.ts';
import { loadSiteData, type SiteData } from '../../site/site-data.server.ts';
import type { Route } from './+types/layout';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadSiteData(context.get(servicesContext), params.lang, request);
}

function Frame({ data, children }: { data: SiteData; children: React.ReactNode }) {
  const site = buildSite(data, createTranslator(data.lang, data.defaultLanguage, data.translations));
  return (
    <SiteProvider value={site}>
      <div className="flex min-h-screen flex-col pb-16 md:pb-0 print:block print:min-h-0 print:pb-0">
        {data.textPreview && <PreviewNote>{site.t('preview.texts')}</PreviewNote>}
        <SiteHeader kept={data.frame} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter html={data.frame?.footer} />
        <PhoneActions html={data.frame?.phoneBar} />
        <p data-page-status role="status" hidden className="fixed bottom-4 left-1/2 z-50 -translate-x-1/2 rounded-full bg-brand-900 px-5 py-2 text-sm text-white shadow-lg" />
      </div>
    </SiteProvider>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame data={loaderData}>
      <Outlet />
    </Frame>
  );
}

/** A page that failed or does not exist still has a title, in the page's language. */
export function meta({ error, loaderData: data }: Route.MetaArgs) {
  if (!error || !data) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta(data);
  const t = createTranslator(data.lang, data.defaultLanguage, data.translations);
  return [{ title: `${t('error.title')} | ${pickText(data.config.companyName, data.lang, data.defaultLanguage)}` }, { name: 'robots', content: 'noindex' }];
}

/** A page that failed or does not exist, inside the site's own header and footer when possible. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout: unknown = useRouteLoaderData('routes/site/layout');
  const data = isSiteData(layout) ? layout : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  if (!data) return <FallbackPage t={createTranslator('uz', 'uz')} notFound={notFound} standalone />;
  const t = createTranslator(data.lang, data.defaultLanguage, data.translations);
  return (
    <Frame data={data}>
      <FallbackPage t={t} notFound={notFound} home={data.lang === data.defaultLanguage ? '/' : `/${data.lang}`} {...(notFound ? notFoundLinks(data) : {})} />
    </Frame>
  );
}
