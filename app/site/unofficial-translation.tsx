import { Globe } from './lucide.ts';
import { localePath } from '../../domain/shared/localized.ts';
import { useSite } from './site-context.tsx';

/** The same language in another script (uz-Cyrl of uz) is the same text, not a translation. */
const sameLanguage = (a: string, b: string) => a.split('-')[0] === b.split('-')[0];

/**
 * Above a text shown in a language other than the site's default one (news, blog posts, pages,
 * questions): it is an unofficial translation, and the official text — the default language's —
 * is one link away. Its words are the interface text `legal.unofficialTranslation`, which
 * translators may change per language.
 */
export function UnofficialTranslation() {
  const site = useSite();
  if (sameLanguage(site.lang, site.defaultLanguage)) return null;
  const original = site.languages.find((language) => language.code === site.defaultLanguage);
  return (
    <div role="note" className="mb-8 flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 print:border-slate-400 print:bg-white">
      <Globe className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {site.t('legal.unofficialTranslation', { language: original?.nativeName ?? site.defaultLanguage })}{' '}
        <a href={localePath(site.path, site.defaultLanguage, site.defaultLanguage)} hrefLang={site.defaultLanguage} lang={site.defaultLanguage} className="font-medium underline underline-offset-4">
          {site.t('legal.officialText')}
        </a>
      </span>
    </div>
  );
}
