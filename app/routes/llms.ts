import { servicesContext } from '../context.ts';
import { renderLlmsText } from '../site/llms.server.ts';
import { pageContext } from '../site/site-data.server.ts';
import type { Route } from './+types/llms';

/** `/llms.txt` in the default language and `/{code}/llms.txt` in the others (llmstxt.org). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  return new Response(await renderLlmsText(services, lang, defaultLanguage), { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
}
