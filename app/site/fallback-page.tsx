import type { Translate } from '../i18n/translator.ts';
import { LogoMark } from './icons.tsx';

/** The branded not-found or error page when even the site's data could not be read. */
export function FallbackPage({ t, notFound, home = '/', standalone = false }: { t: Translate; notFound: boolean; home?: string; standalone?: boolean }) {
  // Inside the site layout the page already has its <main>.
  const Wrapper = standalone ? 'main' : 'div';
  return (
    <Wrapper id={standalone ? 'main' : undefined} className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <LogoMark className="h-14 w-14" />
      <p className="mt-6 text-6xl font-bold text-brand-800">{notFound ? '404' : '500'}</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t(notFound ? 'notFound.title' : 'error.title')}</h1>
      <p className="mt-3 text-slate-700">{t(notFound ? 'notFound.text' : 'error.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={home} className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('notFound.home')}
        </a>
        {!notFound && (
          <a href="" data-retry className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            {t('error.retry')}
          </a>
        )}
      </div>
    </Wrapper>
  );
}
