import { ArrowRight, CircleCheck } from '../../site/lucide.ts';
import type { HeroSection } from '../../../domain/hero/hero.ts';
import { data } from 'react-router';
import { servicesContext } from '../../context.ts';
import { useLink } from '../../site/header.tsx';
import { NamedIcon } from '../../site/icons.tsx';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { Picture, sizesOf } from '../../site/picture.tsx';
import { Avatar } from '../../site/portrait.tsx';
import { JsonLd, legalServiceJsonLd, pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { forThePageOnly } from '../../site/loading.server.ts';
import { Section, Stars } from '../../site/ui.tsx';
import { TextPage, textPageMeta } from '../../site/text-page.tsx';
import { ServiceCard } from '../../site/service-card.tsx';
import { besideLimit, shownRankings } from '../../site/firm-record-data.ts';
import { MattersDisclaimer, RankingList } from '../../site/firm-record.tsx';
import type { Route } from './+types/home';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, known } = await pageContext(context.get(servicesContext), params.lang, request, { lenient: true });
  // "/about-us": a first segment that is no language is a page of text, or the 404.
  if (!known) {
    const textPage = await services.records.pages.getBySlug(params.lang ?? '', { admin: false }).catch(() => undefined);
    if (!textPage) throw data(null, { status: 404 });
    return forThePageOnly({ textPage, textPageHtml: await services.records.pages.html(textPage, 'body', lang), hero: null, services: [], stats: [], features: [], testimonials: [], cta: null, rankings: [] });
  }
  const query = { lang, admin: false };
  const [heroes, offered, stats, features, testimonials, ctas, rankings] = await Promise.all([
    services.records.hero.list(query),
    services.records.services.list(listedIn(lang)),
    services.records.stats.list(query),
    services.records.features.list({ ...query, featured: true }),
    services.records.testimonials.list({ ...query, featured: true }),
    services.records.ctas.list({ ...query, category: 'home' }),
    shownRankings(services, lang),
  ]);
  return forThePageOnly({ textPage: null, textPageHtml: '', hero: heroes[0] ?? null, services: offered.slice(0, 6), stats, features, testimonials, cta: ctas[0] ?? null, rankings: rankings.slice(0, besideLimit) });
}

/** How wide the home page's picture is drawn: the preload and the image choose the same file. */
const HERO_SIZES = '(min-width: 1280px) 500px, (min-width: 1024px) 38vw, calc(100vw - 3.5rem)';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  if (loaderData?.textPage) return textPageMeta(site, loaderData.textPage);
  const image = loaderData?.hero?.image;
  const preload = image ? sizesOf(image) : undefined;
  return [
    ...pageMeta(site, { image }),
    ...(preload ? [{ tagName: 'link', rel: 'preload', as: 'image', href: preload.src, imageSrcSet: preload.srcSet, imageSizes: HERO_SIZES, fetchPriority: 'high' }] : []),
  ];
}

/**
 * The first screen: the promise and the way to act on it beside the firm's own picture (its office,
 * its people), then what the firm offers to every client as a quiet list under a rule.
 */
function Hero({ hero }: { hero: HeroSection }) {
  const { text, href, t } = useSite();
  const features = [...hero.features].sort((a, b) => a.order - b.order);
  const image = typeof hero.image === 'string' && hero.image !== '' ? hero.image : undefined;
  return (
    <div className="bg-ivory text-brand-900">
      <div className={`mx-auto grid max-w-7xl items-center gap-12 px-5 pt-10 pb-12 sm:px-8 md:pt-16 md:pb-16 lg:px-12 ${image ? 'lg:grid-cols-[minmax(0,7fr)_minmax(0,6fr)] lg:gap-16' : ''}`}>
        <div className={image ? '' : 'max-w-3xl'}>
          <p className="h-px w-16 bg-accent-500" aria-hidden="true" />
          <h1 className="mt-6 text-4xl leading-[1.12] font-semibold tracking-tight text-balance md:text-5xl xl:text-[3.5rem]">
            {text(hero.title)} <span className="text-accent-700">{text(hero.titleHighlight)}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-700">{text(hero.subtitle)}</p>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
            <a href={href('/contact')} className="inline-flex items-center gap-2 rounded-md bg-brand-900 px-6 py-3.5 font-semibold text-white shadow-sm hover:bg-brand-700">
              {text(hero.getConsultationText)}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </a>
            <a href={href('/team')} className="inline-flex items-center gap-2 py-3 font-semibold text-brand-800 underline decoration-accent-500 decoration-2 underline-offset-[6px] hover:text-brand-600">
              {text(hero.meetTeamText)}
            </a>
          </div>
          <p className="mt-10 flex items-baseline gap-3 border-t border-slate-300/80 pt-6">
            <span className="font-display text-4xl text-brand-900">{hero.satisfiedClientsCount}</span>
            <span className="text-slate-700">{text(hero.satisfiedClientsText)}</span>
          </p>
        </div>
        {image && (
          <div className="relative mr-3 mb-3 lg:mr-5 lg:mb-5">
            {/* A hairline frame offset from the picture: the picture sits in the page like a print. */}
            <span className="absolute inset-0 translate-x-3 translate-y-3 border border-accent-500/70 lg:translate-x-5 lg:translate-y-5" aria-hidden="true" />
            <Picture src={image} alt={text(hero.imageAlt) || t('home.hero.imageAlt')} width={800} height={600} sizes={HERO_SIZES} eager className="relative aspect-[4/3] w-full bg-brand-900 shadow-xl" />
          </div>
        )}
      </div>
      {(text(hero.cardTitle) || features.length > 0) && (
        <div className="border-t border-slate-200 bg-white">
          <div className="mx-auto grid max-w-7xl gap-6 px-5 py-8 sm:px-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,5fr)] lg:gap-16 lg:px-12">
            <div>
              <p className="font-display text-xl font-semibold text-brand-900">{text(hero.cardTitle)}</p>
              <p className="mt-1 text-slate-600">{text(hero.cardSubtitle)}</p>
            </div>
            {features.length > 0 && (
              <ul className="grid content-center gap-x-8 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
                {features.map((feature, index) => (
                  <li key={index} className="flex items-start gap-2.5 text-slate-800">
                    <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-accent-600" aria-hidden="true" />
                    {text(feature.text)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, config, href } = site;
  const link = useLink();
  if (loaderData.textPage) return <TextPage page={loaderData.textPage} html={loaderData.textPageHtml} />;
  const home = config.sections.home;
  const { hero, services, stats, features, testimonials, cta, rankings } = loaderData;
  const steps = [...home.process.steps].sort((a, b) => a.order - b.order);
  const cases = [...home.recentCases.items].sort((a, b) => a.order - b.order);

  return (
    <>
      <JsonLd data={legalServiceJsonLd(site)} />
      {hero ? <Hero hero={hero} /> : <h1 className="sr-only">{text(config.companyName)}</h1>}

      {services.length > 0 && (
        <Section id="services" title={text(home.services.title)} subtitle={text(home.services.subtitle)}>
          <ul className="grid gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service._id}>
                <ServiceCard service={service} compact />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {stats.length > 0 && (
        <section aria-label={t('home.stats.title')} className="bg-brand-900 py-14 text-white md:py-16">
          <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-y-10 px-5 sm:px-8 md:grid-cols-4 lg:px-12">
            {stats.map((stat) => (
              <li key={stat._id} className="border-l border-accent-500/40 pl-5 md:pl-8">
                <p className="font-display text-4xl text-amber-300 md:text-5xl">
                  {String(stat.number)}
                  {stat.suffix}
                </p>
                <p className="mt-2 flex items-center gap-2 text-slate-200">
                  <NamedIcon name={stat.icon} className="h-4 w-4 shrink-0 text-amber-300/80" />
                  {text(stat.label)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {features.length > 0 && (
        <section id="why" aria-labelledby="why-title" className="bg-ivory py-16 md:py-24">
          <div className="mx-auto grid max-w-7xl gap-10 px-5 sm:px-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-20 lg:px-12">
            <div>
              <p className="h-px w-16 bg-accent-500" aria-hidden="true" />
              <h2 id="why-title" className="mt-6 text-3xl font-bold text-brand-900 md:text-4xl">
                {text(home.whyChoose.title)}
              </h2>
              <p className="mt-4 text-lg text-slate-600">{text(home.whyChoose.subtitle)}</p>
            </div>
            <ul className="grid gap-x-10 gap-y-10 sm:grid-cols-2">
              {features.map((feature) => (
                <li key={feature._id} className="border-t border-slate-300 pt-6">
                  <NamedIcon name={feature.icon} className="h-6 w-6 text-accent-600" />
                  <h3 className="mt-4 text-xl font-semibold text-brand-900">{text(feature.title)}</h3>
                  <p className="mt-2 leading-relaxed text-slate-600">{text(feature.description)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {steps.length > 0 && (
        <Section id="process" title={text(home.process.title)} subtitle={text(home.process.subtitle)}>
          <ol className="grid gap-10 sm:grid-cols-2 lg:grid-cols-4 lg:gap-8">
            {steps.map((step) => (
              <li key={step.step} className="relative">
                <div className="flex items-center gap-4">
                  <span className="font-display text-5xl text-accent-600" aria-hidden="true">
                    {step.step}
                  </span>
                  <span className="h-px flex-1 bg-slate-300" aria-hidden="true" />
                  <NamedIcon name={step.icon} className="h-6 w-6 text-brand-700" />
                </div>
                <span className="sr-only">{t('home.process.step', { step: step.step })}: </span>
                <h3 className="mt-4 text-xl font-semibold text-brand-900">{text(step.title)}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{text(step.description)}</p>
              </li>
            ))}
          </ol>
        </Section>
      )}

      {cases.length > 0 && (
        <Section id="cases" title={text(home.recentCases.title)} subtitle={text(home.recentCases.subtitle)} className="bg-slate-50">
          <ul className="grid gap-6 md:grid-cols-3">
            {cases.map((item, index) => (
              <li key={index} className="flex flex-col rounded-xl bg-white p-6 shadow-sm">
                <p className="flex items-center gap-2 text-sm font-medium text-brand-700">
                  <NamedIcon name={item.icon} className="h-5 w-5" />
                  {text(item.category)}
                </p>
                <h3 className="mt-3 text-lg font-semibold text-brand-900">{text(item.title)}</h3>
                <p className="mt-2 flex-1 text-slate-600">{text(item.description)}</p>
                <p className="mt-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
                  <span className="font-semibold">{t('home.cases.result')}: </span>
                  {text(item.result)}
                </p>
                <a href={href('/contact')} className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
                  {text(home.recentCases.learnMoreText)}
                  {/* Three links reading "Learn More": each says its case to screen readers and search engines. */}
                  <span className="sr-only">{`: ${text(item.title)}`}</span>
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
          {/* Past results, like the matters: the firm's disclaimer goes with them. */}
          <MattersDisclaimer />
        </Section>
      )}

      {rankings.length > 0 && (
        <Section id="rankings" title={t('rankings.title')}>
          <RankingList rankings={rankings} />
        </Section>
      )}

      {testimonials.length > 0 && (
        <Section id="testimonials" title={text(home.testimonialsSection.title)} subtitle={text(home.testimonialsSection.subtitle)} className="bg-ivory">
          <ul className="grid gap-10 md:grid-cols-3 md:gap-8">
            {testimonials.map((item) => (
              <li key={item._id}>
                <figure className="flex h-full flex-col border-t-2 border-accent-500 pt-6">
                  <Stars rating={Number(item.rating)} />
                  <blockquote className="mt-4 flex-1 font-display text-xl leading-relaxed text-brand-900">“{text(item.content)}”</blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <Avatar name={item.name} image={item.image || undefined} />
                    <span>
                      <span className="block font-semibold text-brand-900">{item.name}</span>
                      <span className="block text-sm text-slate-600">
                        {text(item.position)}, {text(item.company)}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {cta && (
        <section className={`py-16 ${cta.backgroundColor === 'white' ? 'bg-white' : cta.backgroundColor === 'gray' ? 'bg-slate-100' : cta.backgroundColor === 'secondary' ? 'bg-brand-900 text-white' : 'bg-brand-700 text-white'}`} aria-labelledby="cta-title">
          <div className="mx-auto max-w-4xl px-4 text-center">
            <h2 id="cta-title" className="text-3xl font-bold">
              {text(cta.title)}
            </h2>
            <p className="mt-3 text-lg opacity-90">{text(cta.subtitle)}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <a href={link((cta.primaryButtonLink) || '/contact')} className="rounded-md bg-amber-400 px-6 py-3 font-semibold text-brand-900 hover:bg-amber-300">
                {text(cta.primaryButtonText)}
              </a>
              {text(cta.secondaryButtonText) && (
                <a href={link((cta.secondaryButtonLink) || '/team')} className="rounded-md border border-current px-6 py-3 font-semibold hover:bg-white/10">
                  {text(cta.secondaryButtonText)}
                </a>
              )}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
