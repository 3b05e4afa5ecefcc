import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, getToken } from '../../admin/api.ts';
import { shown } from '../../admin/display.ts';
import { RecordForm } from '../../admin/record-form.tsx';
import { inLanguage } from '../../../domain/shared/texts.ts';
import { resourceByKey } from '../../admin/resources.ts';
import { ErrorNotice, Loading, PageTitle } from '../../admin/ui.tsx';

/** Create and edit pages of team members, news, blog posts and partners. */
export default function ResourceEdit() {
  const params = useParams();
  const resource = resourceByKey(params.resource);
  const { t, lang, defaultLanguage } = useAdmin();
  const navigate = useNavigate();
  const [record, setRecord] = useState<StoredRecord | null | undefined>(params.id ? undefined : null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!resource || !params.id) return;
    api<StoredRecord>(`${resource.path}/${params.id}?admin=true`).then(
      (result) => setRecord(result.data),
      (caught: Error) => setError(caught.message || t('common.error')),
    );
  }, [resource, params.id, t]);

  if (!resource || resource.placement !== 'page') return <Navigate to={resource ? `/admin/${resource.key}` : '/admin'} replace />;
  const list = `/admin/${resource.key}`;
  return (
    <div className="max-w-4xl">
      <Link to={list} className="mb-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('common.back')}
      </Link>
      <PageTitle>
        {inLanguage(resource.title, lang)} · {record ? shown(record[resource.titleField], lang, defaultLanguage) : t('common.create')}
      </PageTitle>
      {error && <ErrorNotice message={error} />}
      {record === undefined && !error ? (
        <Loading />
      ) : (
        record !== undefined && (
          <section className="rounded-xl bg-white p-6 shadow-sm">
            <RecordForm
              resource={resource}
              record={record ?? undefined}
              onSaved={() => navigate(getToken() ? list : '/admin/login')}
              onCancel={() => navigate(list)}
            />
          </section>
        )
      )}
    </div>
  );
}
