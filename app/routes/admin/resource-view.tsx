import { ArrowLeft, Pencil } from 'lucide-react';
import { Link, Navigate, redirect, useRevalidator } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { objectValue, shown } from '../../admin/display.ts';
import { fieldLabel } from '../../admin/field-labels.ts';
import { resourceByKey } from '../../admin/resources.ts';
import { buttonClass, ErrorNotice, Loading, PageTitle } from '../../admin/ui.tsx';
import type { Route } from './+types/resource-view';

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const resource = resourceByKey(params.resource);
  if (!resource || resource.placement !== 'page') throw redirect('/admin');
  return loadScreen(async () => (await api<StoredRecord>(`${resource.path}/${params.id}?admin=true`)).data);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** A read-only view of one record, every language side by side. */
export default function ResourceView({ loaderData, params }: Route.ComponentProps) {
  const resource = resourceByKey(params.resource);
  const { t, lang, defaultLanguage, languages, problem } = useAdmin();
  const revalidator = useRevalidator();
  const record = loaderData.data;
  const error = loaderData.failed ? problem(loaderData.problem, 'common.error') : '';
  if (!resource) return <Navigate to="/admin" replace />;

  const render = (value: unknown): React.ReactNode => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
    if (typeof value === 'string' && /^\/uploads\/.*\.webp$/.test(value)) return <img src={value.replace('-large.webp', '-medium.webp')} alt="" className="h-32 rounded object-cover" />;
    if (Array.isArray(value)) return value.map((item) => shown(item, lang, defaultLanguage)).join(', ') || '—';
    if (typeof value === 'object') {
      const texts = objectValue(value);
      if ('name' in texts) return shown(texts.name, lang, defaultLanguage);
      return (
        <dl className="space-y-1">
          {languages.map((language) => (
            <div key={language.code} className="flex gap-2">
              <dt className="w-10 shrink-0 font-semibold text-slate-600">{language.code.toUpperCase()}</dt>
              <dd className="whitespace-pre-line">{String(texts[language.code] ?? '—')}</dd>
            </div>
          ))}
        </dl>
      );
    }
    return String(value);
  };

  return (
    <div className="max-w-4xl">
      <Link to={`/admin/${resource.key}`} className="mb-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('common.back')}
      </Link>
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      {!record && !error && <Loading />}
      {record && (
        <>
          <PageTitle
            actions={
              <Link to={`/admin/${resource.key}/${record._id}/edit`} className={buttonClass.primary}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t('common.edit')}
              </Link>
            }
          >
            {shown(record[resource.titleField], lang, defaultLanguage)}
          </PageTitle>
          <dl className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
            {resource.fields.map((field) => (
              <div key={field.name} className="grid gap-2 px-6 py-4 md:grid-cols-4">
                <dt className="font-semibold text-slate-700">{fieldLabel(field.name, lang, resource.labels)}</dt>
                <dd className="md:col-span-3">{render(record[field.name])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
