import { pickText } from '../../domain/shared/localized.ts';
import { servicesContext } from '../context.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const config = await services.siteConfig.get();
  return { companyName: pickText(config.companyName, 'uz'), description: pickText(config.companyDescription, 'uz') };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.companyName ?? '' }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-4xl font-bold text-brand-800">{loaderData.companyName}</h1>
      <p className="mt-4 text-lg text-slate-700">{loaderData.description}</p>
    </main>
  );
}
