import { Download, Eye, Mail, Trash } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { CONTACT_STATUSES } from '../../../domain/contacts/contact-schema.ts';
import { PersonalDataTools } from '../../admin/personal-data.tsx';
import { DataFlows } from '../../admin/data-flows.tsx';
import { abilities, useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { useListFilters } from '../../admin/list-filters.ts';
import { buttonClass, Dialog, ErrorNotice, inputClass, Loading, PageTitle } from '../../admin/ui.tsx';
import type { Route } from './+types/contacts';
import { formatMoment } from '../../admin/time-zone.ts';

const CSV_COLUMNS: string[] = ['createdAt', 'status', 'name', 'email', 'phone', 'service', 'subject', 'message'];

/** CSV that opens correctly in Excel: UTF-8 with BOM, every cell quoted, formulas neutralised. */
export function toCsv(rows: StoredRecord[]): string {
  const cell = (value: unknown) => {
    let text = String(value ?? '');
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return `"${text.replace(/"/g, '""')}"`;
  };
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((column) => cell(row[column])).join(','))].join('\r\n')}\r\n`;
}

/** The newest 100 requests; status and search live in the address (?status=&search=). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams({ page: '1', limit: '100' });
  for (const name of ['status', 'search']) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return loadScreen(async () => {
    const result = await api<StoredRecord[]>(`/contact?${query}`);
    return { items: result.data, total: result.pagination?.total ?? result.data.length };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { t, lang, refreshUnread, timeZone, user, problem } = useAdmin();
  const revalidator = useRevalidator();
  // Typing waits a moment before the server is asked.
  const { search, setSearch, filter, setFilter } = useListFilters(250);
  const status = filter('status');
  const items = loaderData.data?.items ?? null;
  const total = loaderData.data?.total ?? 0;
  const [actionError, setError] = useState('');
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');
  const [open, setOpen] = useState<StoredRecord | null>(null);
  const load = () => {
    setError('');
    void revalidator.revalidate();
  };

  async function setItemStatus(item: StoredRecord, next: string) {
    try {
      const saved = await api<StoredRecord>(`/contact/${item._id}`, { method: 'PUT', body: { status: next } });
      await revalidator.revalidate();
      if (open?._id === item._id) setOpen(saved.data);
      refreshUnread();
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    }
  }

  async function remove(item: StoredRecord) {
    if (!window.confirm(t('confirm.deleteSubmission'))) return;
    try {
      await api(`/contact/${item._id}`, { method: 'DELETE' });
      await revalidator.revalidate();
      setOpen(null);
      refreshUnread();
    } catch {
      setError(t('error.deleteSubmission'));
    }
  }

  async function exportCsv() {
    const all: StoredRecord[] = [];
    for (let page = 1; ; page += 1) {
      const result = await api<StoredRecord[]>(`/contact?page=${page}&limit=100${status ? `&status=${status}` : ''}`);
      all.push(...result.data);
      if (page >= (result.pagination?.pages ?? 1)) break;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([toCsv(all)], { type: 'text/csv;charset=utf-8' }));
    link.download = `contact-requests-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  const statusSelect = (item: StoredRecord, id: string) => (
    <>
      <label htmlFor={id} className="sr-only">
        {t('common.status')}: {item.name}
      </label>
      <select id={id} value={item.status} onChange={(event) => setItemStatus(item, event.target.value)} className={`${inputClass} mt-0 min-w-40`}>
        {CONTACT_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`contacts.status.${value}`)}
          </option>
        ))}
      </select>
    </>
  );

  return (
    <div>
      <PageTitle
        actions={
          <button type="button" className={buttonClass.secondary} onClick={exportCsv} disabled={!items?.length}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('contacts.exportCsv')}
          </button>
        }
      >
        {t('contacts.title')} <span className="text-base font-normal text-slate-600">({t('common.count', { count: total })})</span>
      </PageTitle>
      {error && <ErrorNotice message={error} onRetry={load} />}
      <div className="mb-4 flex flex-wrap gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div className="min-w-48 flex-1">
          <label htmlFor="contacts-search" className="text-sm font-medium text-slate-800">
            {t('common.search')}
          </label>
          <input id="contacts-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} />
        </div>
        <div>
          <label htmlFor="contacts-status" className="text-sm font-medium text-slate-800">
            {t('common.status')}
          </label>
          <select id="contacts-status" value={status} onChange={(event) => setFilter('status', event.target.value)} className={inputClass}>
            <option value="">{t('common.all')}</option>
            {CONTACT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`contacts.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {items === null && !error ? (
        <Loading />
      ) : !items?.length ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm">{t('contacts.empty')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">{t('contacts.received')}</th>
                <th scope="col" className="px-4 py-3">{t('contacts.from')}</th>
                <th scope="col" className="px-4 py-3">{t('contacts.subject')}</th>
                <th scope="col" className="px-4 py-3">{t('common.status')}</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">{t('common.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id} className={`border-b border-slate-100 last:border-0 ${item.status === 'new' ? 'font-semibold' : ''}`}>
                  <td className="px-4 py-3 whitespace-nowrap">{formatMoment(item.createdAt, lang, timeZone)}</td>
                  <td className="px-4 py-3">
                    {item.name}
                    <span className="block font-normal text-slate-600">{item.email}</span>
                  </td>
                  <td className="px-4 py-3">{item.subject}</td>
                  <td className="px-4 py-3">{statusSelect(item, `status-${item._id}`)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <button type="button" className={buttonClass.icon} aria-label={`${t('contacts.details')}: ${item.name}`} onClick={() => setOpen(item)}>
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      </button>
                      <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${item.name}`} onClick={() => remove(item)}>
                        <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog title={open ? `${t('contacts.details')}: ${open.subject}` : ''} open={Boolean(open)} onClose={() => setOpen(null)}>
        {open && (
          <div className="space-y-4">
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <dt className="font-semibold text-slate-700">{t('contacts.from')}</dt>
              <dd className="col-span-2">{open.name}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.email')}</dt>
              <dd className="col-span-2 break-all">{open.email}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.phone')}</dt>
              <dd className="col-span-2">{(open.phone) || '—'}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.service')}</dt>
              <dd className="col-span-2">{(open.service) || '—'}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.received')}</dt>
              <dd className="col-span-2">{formatMoment(open.createdAt, lang, timeZone)}</dd>
            </dl>
            <div>
              <h3 className="text-sm font-semibold text-slate-700">{t('contacts.message')}</h3>
              <p className="mt-1 whitespace-pre-line rounded-md bg-slate-50 p-3">{open.message}</p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <div>{statusSelect(open, 'dialog-status')}</div>
              <a href={`mailto:${open.email}?subject=${encodeURIComponent(`Re: ${open.subject}`)}`} className={buttonClass.primary}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                {t('contacts.reply')}
              </a>
              <button type="button" className={buttonClass.danger} onClick={() => remove(open)}>
                {t('common.delete')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
      {abilities(user).administer && <DataFlows />}
      <PersonalDataTools
        onErased={() => {
          load();
          refreshUnread();
        }}
      />
    </div>
  );
}
