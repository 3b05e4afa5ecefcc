import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, redirect, useNavigate, useRevalidator } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { abilities, useAdmin } from '../../admin/admin-context.tsx';
import { practiceNames, usePractices } from '../../admin/account-access.tsx';
import { servicesOf } from '../../../domain/publishing/scope.ts';
import { api, getToken, loadScreen } from '../../admin/api.ts';
import { shown } from '../../admin/display.ts';
import { loadFormContext } from '../../admin/form/form-context.ts';
import { RecordForm } from '../../admin/record-form.tsx';
import { say } from '../../admin/words.ts';
import { resourceByKey } from '../../admin/resources.ts';
import { ErrorNotice, Loading, PageTitle } from '../../admin/ui.tsx';
import type { Route } from './+types/resource-edit';

/**
 * The record to edit (or none for a new one) and what its form reads besides (loadFormContext);
 * types edited in place go back to their list.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const resource = resourceByKey(params.resource);
  if (!resource || resource.placement !== 'page') throw redirect(resource ? `/admin/${resource.key}` : '/admin');
  const { id } = params;
  return loadScreen(async () => {
    const record = id ? (await api<StoredRecord>(`${resource.path}/${id}?admin=true`)).data : undefined;
    return { record, context: await loadFormContext(resource, record) };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** Create and edit pages of the record types whose form needs a page of its own; a save stays on the page. */
export default function ResourceEdit({ loaderData, params }: Route.ComponentProps) {
  const resource = resourceByKey(params.resource);
  const { t, lang, defaultLanguage, problem, user } = useAdmin();
  const practices = usePractices();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const record = loaderData.data?.record;
  const error = loaderData.failed ? problem(loaderData.problem, 'common.error') : '';

  if (!resource) return <Navigate to="/admin" replace />;
  // Limited to some practice areas (API-4.md): a record naming none of them is read, not changed.
  const outOfScope = Boolean(record && user.scope && !abilities(user).editRecordOf(servicesOf(resource.type, record)));
  const list = `/admin/${resource.key}`;
  return (
    <div className="max-w-4xl">
      <Link to={list} className="mb-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('common.back')}
      </Link>
      <PageTitle>
        {say(resource.title, lang)} · {record ? shown(record[resource.titleField], lang, defaultLanguage) : t('common.create')}
      </PageTitle>
      {error ? (
        <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />
      ) : (
        <section className="rounded-xl bg-white p-6 shadow-sm">
          {outOfScope && (
            <p role="status" data-testid="out-of-scope" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
              {t('form.outOfScope', { names: practiceNames(user.scope ?? null, practices ?? [], lang, defaultLanguage) })}
            </p>
          )}
          <fieldset disabled={outOfScope} className="contents">
          <RecordForm
            key={record?._id ?? 'new'}
            resource={resource}
            record={record}
            context={loaderData.data?.context}
            onSaved={(saved) => {
              // A save stays on the form (it says "Saved"); the list is one click away, above.
              if (!getToken()) return void navigate('/admin/login');
              if (!record) return void navigate(`${list}/${saved._id}/edit`, { replace: true, state: { saved: true } });
              void revalidator.revalidate();
            }}
            onCancel={() => navigate(list)}
          />
          </fieldset>
        </section>
      )}
    </div>
  );
}
