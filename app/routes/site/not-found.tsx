import { data } from 'react-router';
import { servicesContext } from '../../context.ts';
import { FallbackPage } from '../../site/fallback-page.tsx';
import { siteFromMatches } from '../../site/page-data.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import type { Route } from './+types/not-found';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  await pageContext(context.get(servicesContext), params.lang, request);
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [{ title: site ? '404' : '404' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  const { t, href } = useSite();
  return <FallbackPage t={t} notFound home={href('/')} />;
}
